import pg from 'pg';

// Times are stored as milliseconds in bigint columns (schema-pg.ts) and read back as numbers, as
// SQLite gives them; every millisecond time until the year 287396 fits a double exactly. pg's
// parsers belong to its module instance, and a worker thread has its own (search/workers/thread.ts):
// whatever reads PostgreSQL takes pg from here.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export default pg;
