"""`python -m engine`: simulate matches between computer seats, replay recorded ones (see engine/cli.py)."""

from engine.cli import main

raise SystemExit(main())
