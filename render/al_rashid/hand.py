def render_hand(view, theme=None, locale="en"):
    raise NotImplementedError
