"""A real Al-Rashid match through the services: one human for a few steps, then AI seats to the end."""


from bot.services import MatchSettings

HOST = 1


async def test_al_rashid_three_players_to_the_final_score(service, presenter, storage):
    match = await service.lobby.create(game_key="al-rashid", host_id=HOST, channel_id=1, place_id=1,
                                 settings=MatchSettings(resign="ai"))
    for _ in range(2):
        await service.lobby.add_ai(match.id, HOST, "easy")
    match = await service.lobby.start(match.id, HOST)
    game = service.core.game_of(match)
    human_steps = 0
    while human_steps < 6 and match.status == "running":
        panel = await service.playing.panel(match.id, HOST, "en")
        state = game.load_state(match.state)
        assert [c.notation for c in panel.choices] == [game.format_action(a) for a in game.legal_actions(state, 0)]
        assert len(panel.choices) <= 25 and panel.prompt is not None
        choice = panel.suggested or panel.choices[0]
        played = await service.playing.play(match.id, HOST, choice.notation, state_id=match.state_id)
        await service.playing.settle(played, shown=False)  # as if the reply failed: private news goes by DM
        match = await service.table.get(match.id)
        human_steps += 1
    view, _ = await service.table.hand(match.id, HOST, "en")
    assert view.viewer == 0 and view.families[0].hand is not None
    assert all(f.hand is None for f in view.families[1:])  # nobody else's tiles
    await service.playing.resign(match.id, HOST)  # an AI finishes the match for the host
    match = await service.table.get(match.id)
    assert match.status == "over"
    result = await storage.result(match.id)
    assert result.status == "over" and len(result.outcome["ranking"]) == 3
    assert presenter.finals[-1].outcome.ranking == result.outcome["ranking"]
    assert game.dump_state(await service.core.replay(match)) == match.state
    # Private news went to the human's DMs only, and never to the table.
    assert presenter.privates and {user for user, _ in presenter.privates} == {HOST}
    assert all(e.audience == frozenset({0}) for _, notice in presenter.privates for e in notice.events)
    assert all(e.audience is None for update in presenter.tables for e in update.events)


async def test_the_log_names_only_the_callers_own_moves(service):
    """A step may name hidden things (e.g. the tiles chosen for a fight): in the log, each player reads their
    own steps in words and other players' steps only through the events they may read."""
    match = await service.lobby.create(game_key="al-rashid", host_id=HOST, channel_id=1, place_id=1,
                                 settings=MatchSettings())
    await service.lobby.join(match.id, 2)
    match = await service.lobby.start(match.id, HOST)
    game = service.core.game_of(match)
    for _ in range(20):  # play on until someone chooses a piece: a step that makes no event at all
        state = game.load_state(match.state)
        (seat,) = game.active_seats(state)
        user = match.seat(seat).user_id
        notation = game.format_action(game.legal_actions(state, seat)[0])
        await service.playing.play(match.id, user, notation, state_id=match.state_id)
        match = await service.table.get(match.id)
        if notation.startswith("piece "):
            break
    else:
        raise AssertionError("no piece was chosen")
    other = 2 if user == HOST else HOST
    mine, theirs = (await service.table.recent_log(match.id, user))[-1], (await service.table.recent_log(match.id, other))[-1]
    assert mine.entry.notation == notation and not mine.events
    assert mine.label.key == "al_rashid.act.piece" and theirs.label is None and not theirs.events
