# Caravanserai, the Discord bot (docs/deploy.md: Docker, compose, upgrades, settings, metrics, logs).
#   docker build -t caravanserai .
#   docker run -d --name caravanserai -e DISCORD_TOKEN=... -v caravanserai-data:/data caravanserai
ARG PYTHON_IMAGE=python:3.11-slim

# ---- build: the dependencies, in a virtual environment the final image copies ----------------------------
FROM ${PYTHON_IMAGE} AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /venv
WORKDIR /app
# Only what pip reads, plus empty packages: this layer (the slow one) is rebuilt when the dependencies
# change, not on every change of the code. The install is editable, pointing at /app, where the final
# image puts the code with data/ beside it (game components, fonts, translations).
COPY pyproject.toml README.md constraints.txt ./
RUN mkdir bot engine render && touch bot/__init__.py engine/__init__.py render/__init__.py \
    && /venv/bin/pip install -c constraints.txt -e .

# ---- run: no compiler, no pip cache, a user without privileges -----------------------------------------
FROM ${PYTHON_IMAGE}
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/venv/bin:$PATH \
    DATABASE_PATH=/data/caravanserai.db \
    METRICS_HOST=0.0.0.0 \
    METRICS_PORT=8080
# FriBiDi: Pillow's text shaping (raqm) loads it to draw right-to-left names (data/fonts/README.md).
RUN apt-get update && apt-get install -y --no-install-recommends libfribidi0 && rm -rf /var/lib/apt/lists/* \
    && useradd --create-home --uid 10001 caravanserai && mkdir -p /data && chown caravanserai /data
COPY --from=build /venv /venv
WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY engine ./engine
COPY render ./render
COPY data ./data
COPY docs/rules ./docs/rules
USER caravanserai
VOLUME ["/data"]
EXPOSE 8080
# Healthy when the gateway is connected, the database answers and the event loop is responsive.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["python", "-c", \
    "import os, sys, urllib.request as u; sys.exit(u.urlopen(f\"http://127.0.0.1:{os.environ['METRICS_PORT']}/health\", timeout=4).status != 200)"]
CMD ["python", "-m", "bot"]
