"""The rules of Notre Dame as pure functions on a (cloned) state: supplies, prestige, the buildings, the
carriage and its messages, the persons' scores, the plague and Notre Dame's share.

Each function changes the state it is given and returns what happened, so the steps can tell the players.
Passages cited are of 002_5dba4fcea6f02f9d.txt.
"""

from __future__ import annotations

from .board import layout
from .data import load
from .state import Player, State
from .vocab import (
    CARRIAGE_HOUSE,
    COIN,
    CUBE,
    HOSPITAL,
    INN,
    NOTRE_DAME,
    PARK,
    SECTORS,
    split_message,
)

DATA = load()
RULES = DATA.rules


# ==== supplies ===========================================================================================

def park_bonus(p: Player) -> int:
    """+1 prestige per two cubes in the Park on every gain ("ogni coppia di cubetti influenza presenti nel
    Parco farà ottenere al giocatore un punto bonus aggiuntivo ogni volta che guadagnerà punti prestigio")."""
    return p.count(PARK) // RULES.park_cubes_per_point


# Where prestige comes from, the rows of the final breakdown.
SOURCES = ("residence", "donations", "notre_dame", "messages", "persons", "park", "plague")


def _book(p: Player, source: str, n: int) -> None:
    p.prestige += n
    p.earned[source] = p.earned.get(source, 0) + n


def gain_prestige(s: State, seat: int, base: int, source: str) -> int:
    """Prestige earned by an action, a person, a message or Notre Dame, with the Park's bonus. A gain of
    nothing earns no bonus. Returns the points gained."""
    if base <= 0:
        return 0
    p = s.player(seat)
    bonus = park_bonus(p)
    _book(p, source, base)
    if bonus:
        _book(p, "park", bonus)
    return base + bonus


def lose_prestige(s: State, seat: int, n: int) -> int:
    """Prestige returned to the supply: as many as the player has, up to `n`. Returns the points lost."""
    p = s.player(seat)
    lost = min(n, p.prestige)
    _book(p, "plague", -lost)
    return lost


def gain_cubes(s: State, seat: int, n: int) -> int:
    """Cubes from the general supply of the player's colour into the personal supply; as many as there are
    (Scuola conventuale: "Nella rara eventualità in cui la riserva generale ... sia esaurita, l'azione
    decade"). Returns the cubes gained."""
    p = s.player(seat)
    gained = min(n, p.general)
    p.general -= gained
    p.supply += gained
    return gained


def gain_coins(s: State, seat: int, n: int) -> list[int | None]:
    """Coins from the treasury; once it is empty, each further coin from the other player holding the most
    (Banca: "incasserà il denaro da colui che al momento ha il maggior numero di monete"; ties: the first of
    them clockwise from the taker). Returns where each coin came from (None: the treasury)."""
    sources: list[int | None] = []
    for _ in range(n):
        if s.treasury:
            s.treasury -= 1
            sources.append(None)
            continue
        others = [(seat + i) % s.seats for i in range(1, s.seats)]
        richest = max(others, key=lambda x: (s.player(x).coins, -others.index(x)))
        if not s.player(richest).coins:
            break  # every coin is the taker's already
        s.player(richest).coins -= 1
        sources.append(richest)
    s.player(seat).coins += len(sources)
    return sources


def pay_coins(s: State, seat: int, n: int) -> None:
    s.player(seat).coins -= n
    s.treasury += n


def rat_back(s: State, seat: int, n: int = 1) -> int:
    """The rat marker goes back up to `n` spaces, never below 0 ("Se il segnalino topi si trova sulla casella
    zero, questa opzione decade"). Returns the spaces moved."""
    p = s.player(seat)
    moved = min(n, p.rats)
    p.rats -= moved
    return moved


def can_gain(s: State, seat: int, what: str) -> bool:
    """Whether a coin, a cube or a step back of the rats can be had at all (the Inn, the Innkeeper)."""
    p = s.players[seat]
    if what == COIN:
        return s.treasury > 0 or any(x.coins for x in s.players if x.seat != seat)
    if what == CUBE:
        return p.general > 0
    return p.rats > 0


# ==== placing cubes ========================================================================================

def cube_sources(p: Player, target: str) -> list[str]:
    """Where the cube for an action card may come from: the personal supply; once it is empty, any building
    of the quarter or Notre Dame holding one of the player's cubes, never the Trusted Friend ("Avete esaurito i
    cubetti influenza della vostra riserva personale?")."""
    if p.supply:
        return ["supply"]
    held = [x for x in SECTORS if p.sectors[x]] + ([NOTRE_DAME] if p.notre_dame else [])
    return [x for x in held if x != target]


def place_cube(s: State, seat: int, target: str, source: str = "supply") -> None:
    p = s.player(seat)
    if source == "supply":
        p.supply -= 1
    elif source == NOTRE_DAME:
        p.notre_dame -= 1
    else:
        p.sectors[source] -= 1
    if target == NOTRE_DAME:
        p.notre_dame += 1
    else:
        p.sectors[target] += 1


# ==== what a building does once a cube (or the Friend) arrives =================================================

def inn_picks(p: Player) -> int:
    """One of coin / cube / rat back for the Inn's first three cubes, two from the fourth on."""
    return 2 if p.count(INN) >= RULES.inn_two_from else 1


def donation_prestige(coins: int) -> int:
    return RULES.donations[coins]


# ==== the carriage and the messages ===============================================================================

def message_colours_left(s: State) -> set[str]:
    return {split_message(m)[0] for m in s.messages.values()}


def colours_to_take(s: State, seat: int) -> set[str]:
    """The colours on the board whose messages `seat` may take: those it holds fewest of. No second message of a
    colour before holding as many of every other colour still on the board; a colour with no message left is no
    longer counted (Rimessa delle carrozze: "Non potrà raccogliere altre tessere Messaggio di questo colore, fino
    a quando non ne avrà ottenute altrettante in ciascuno dei colori degli avversari ... quando non è più
    disponibile alcun messaggio di un dato colore")."""
    held = [split_message(m)[0] for m in s.players[seat].messages]
    counts = {colour: held.count(colour) for colour in message_colours_left(s)}
    fewest = min(counts.values(), default=0)
    return {colour for colour, n in counts.items() if n == fewest}


def destinations(s: State, seat: int) -> list[str]:
    """Markets the carriage may end on: 1 up to as many steps as cubes in the Carriage house."""
    p = s.players[seat]
    return layout(s.seats).within(p.carriage, p.count(CARRIAGE_HOUSE))


def move_carriage(s: State, seat: int, to: str) -> str | None:
    """Move the carriage; a message where it ends is taken when the collection rule allows. Returns it."""
    p = s.player(seat)
    p.carriage = to
    message = s.messages.get(to)
    if message is None or split_message(message)[0] not in colours_to_take(s, seat):
        return None
    del s.messages[to]
    p.messages.append(message)
    return message


def message_gives(message: str) -> str | None:
    """What a message gives besides its prestige: a coin, a cube, the rats back one, or nothing."""
    return DATA.messages.kinds[split_message(message)[1]].gives


def message_prestige(message: str) -> int:
    return DATA.messages.kinds[split_message(message)[1]].prestige


# ==== persons that score by counting ============================================================================

def person_points(s: State, seat: int, person: str) -> int:
    """The prestige a counting person gives before the Park's bonus ("LE CARTE PERSONAGGIO")."""
    p = s.players[seat]
    counts = [p.count(x) for x in SECTORS]
    if person == "watchman":        # 1 per cube in the quarter or at Notre Dame, the Friend included
        return sum(counts) + p.notre_dame
    if person == "night_watch":     # 1 per empty building
        return counts.count(0)
    if person == "guild_master":    # 2 per building with at least 2
        return 2 * sum(n >= 2 for n in counts)
    if person == "beggar_king":     # 1 per empty space ahead of the rat marker
        return RULES.plague_limit - p.rats
    if person == "lawyer":          # 3 per 2 messages
        return 3 * (len(p.messages) // 2)
    if person == "lady_in_waiting":  # 1 per cube in the fullest building
        return max(counts)
    if person == "mayor":           # 3 per building with at least 3
        return 3 * sum(n >= 3 for n in counts)
    if person == "carpenter":       # 1 per building with at least one cube or the Friend
        return sum(n >= 1 for n in counts)
    raise ValueError(f"{person} does not score by counting")


# ==== the plague (002, "La pestilenza") ==========================================================================

def plague_strength(s: State) -> int:
    """The rats on the three persons of the round."""
    return sum(DATA.persons[x].rats for x in s.persons)


def plague_for(s: State, seat: int) -> int:
    """How far this player's rats move: the round's strength (zero after paying the Doctor) less the cubes and
    the Friend in the Hospital; negative moves the marker back."""
    p = s.players[seat]
    strength = 0 if p.paid == "doctor" else plague_strength(s)
    return strength - p.count(HOSPITAL)


def move_rats(s: State, seat: int) -> tuple[int, int, bool]:
    """Move the rat marker; past 9 it stays at 9 and the player is struck. Returns (from, to, struck)."""
    p = s.player(seat)
    before = p.rats
    target = max(0, before + plague_for(s, seat))
    struck = target > RULES.plague_limit
    p.rats = min(target, RULES.plague_limit)
    return before, p.rats, struck


def fullest(p: Player) -> list[str]:
    """The buildings a struck player may lose a cube from: those holding the most, the Friend counting but never
    leaving ("Il Fiduciario ha esattamente il valore di un cubetto influenza ... ma non può essere ritirato")."""
    counts = {x: p.count(x) for x in SECTORS}
    top = max(counts.values())
    return [x for x in SECTORS if counts[x] == top and p.sectors[x]] if top else []


def lose_cube(s: State, seat: int, sector: str) -> None:
    p = s.player(seat)
    p.sectors[sector] -= 1
    p.general += 1


# ==== Notre Dame at the end of a period ============================================================================

def notre_dame_share(s: State) -> int:
    """Prestige per cube: the tile's points divided by the cubes on it, rounded down."""
    cubes = sum(p.notre_dame for p in s.players)
    return RULES.notre_dame_points[s.seats] // cubes if cubes else 0
