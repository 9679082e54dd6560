# PostgreSQL 15 with the rum extension: search's words index keeps the words' positions, so phrases
# and searches of many matches are answered by the index alone (README, "Search at scale"). The
# service builds its words index with RUM on a new database when the server offers it.
FROM postgres:15-bookworm
RUN apt-get update \
    && apt-get install -y --no-install-recommends postgresql-15-rum \
    && rm -rf /var/lib/apt/lists/*
