"""Display names as players write them on Discord (at most 32 characters): accents, emoji with skin tones and
joiners, flags, CJK, Arabic and Hebrew (right to left, with digits and Latin inside), Cyrillic, Greek,
Devanagari, Thai, the styled letters people borrow from mathematics, and the longest names Discord allows."""

from __future__ import annotations

NAMES = [
    "Zoë Ångström",
    "José 🔥",
    "山田太郎",
    "김민준",
    "محمد علي",
    "דוד כהן",
    "Дмитрий Иванов",
    "Γιώργος",
    "अर्जुन शर्मा",
    "🐉DragonSlayer🐉",
    "𝓙𝓮𝓷𝓷𝔂",
    "ᴍɪᴋᴇ",
    "👨‍👩‍👧 family",
    "🏳️‍🌈 Alex",
    "Nguyễn Văn Anh",
    "Łukasz Żółć",
    "さくら🌸",
    "علي 2024 ⚔️ Ali",
    "สมชาย",
    "👍🏽 1️⃣ 🇮🇹",
    "田中 Tanaka-san",
    "Bartholomew Fitzgerald-Worthing",   # 31 characters
    "王小明王小明王小明王小明王小明王小明王小明王小明王小明王小明王小",  # 32, Discord's longest
    "x",
]
