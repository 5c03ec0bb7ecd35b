# Caravanserai: the Discord bot. Build: docker build -t caravanserai .
# Run:   docker run -d --name caravanserai -e DISCORD_TOKEN=... -v caravanserai-data:/data caravanserai
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    DATABASE_PATH=/data/caravanserai.db

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY engine ./engine
COPY render ./render
COPY data ./data
# Editable, so the code finds data/ (game components, fonts, translations) beside it.
RUN pip install -e . && useradd --create-home --uid 10001 caravanserai \
    && mkdir -p /data && chown caravanserai /data

USER caravanserai
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
