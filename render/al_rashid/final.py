def render_final(view, theme=None, locale="en"):
    raise NotImplementedError
