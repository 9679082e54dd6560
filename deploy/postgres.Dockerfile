# PostgreSQL 15 with the rum extension, so that `patent-status search-index rum` can give search a
# words index that keeps the words' positions and answers phrases by the index alone (README,
# "Search at scale", says when that is worth it).
FROM postgres:15-bookworm
RUN apt-get update \
    && apt-get install -y --no-install-recommends postgresql-15-rum \
    && rm -rf /var/lib/apt/lists/*
