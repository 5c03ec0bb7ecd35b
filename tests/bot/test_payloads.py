"""Every kind of outbox item has one payload class, which reads back exactly what it saved."""

from bot.services import MatchEnded, SeatResult
from bot.services.payloads import FinalNews, LineNews, LobbyNews, PrivateNews, TableNews, outbox_item
from bot.storage import MatchStatus, OutboxItem, OutboxKind
from engine.core import Message


def test_each_payload_reads_back_what_it_saved_and_every_kind_has_one():
    table = TableNews(announce=(1, 2), together=True, answering=(1,), resumed=(0,), taken_back=(3,))
    saved = [outbox_item(7, p) for p in (table, PrivateNews(2, [{"key": "toy.event.took", "params": {"n": 2}}]),
                                         LineNews(Message("bot.match.cancelled", {"match": 7}), 5),
                                         FinalNews(Message("bot.match.cancelled", {"match": 7})), FinalNews())]
    read = [TableNews.of(saved[0]), PrivateNews.of(saved[1]), LineNews.of(saved[2]), FinalNews.of(saved[3]),
            FinalNews.of(saved[4])]
    assert read == [table, PrivateNews(2, [{"key": "toy.event.took", "params": {"n": 2}}]),
                    LineNews(Message("bot.match.cancelled", {"match": 7}), 5),
                    FinalNews(Message("bot.match.cancelled", {"match": 7})), FinalNews()]
    ended = MatchEnded(7, "toy", {}, 9, None, MatchStatus.OVER, 1.0, (SeatResult(0, 2, None, False, 1, 10),))
    assert MatchEnded.from_json(outbox_item(7, ended).payload) == ended
    assert {item.kind for item in saved} | {LobbyNews.kind, ended.kind} == set(OutboxKind)


def test_a_table_item_saved_before_its_optional_parts_existed_still_reads():
    """Items waiting in the outbox across an upgrade: a table item of only the turns it announces."""
    assert TableNews.of(OutboxItem(7, OutboxKind.TABLE, {"announce": [1], "together": False})) == TableNews((1,))
