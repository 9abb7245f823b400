// @ts-check
/**
 * The extensions the migrations create, loaded into every PGlite the app, its scripts and its tests
 * open (PGlite bundles each one apart). Plain JavaScript, because the embedded database's worker
 * thread imports it too (see pglite-worker.server.mjs).
 */
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

export const PGLITE_EXTENSIONS = { btree_gist, cube, pg_trgm, unaccent };
