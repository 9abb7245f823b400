import type { cube } from "@electric-sql/pglite/contrib/cube";

export declare const PGLITE_EXTENSIONS: Record<"btree_gist" | "cube" | "pg_trgm" | "unaccent", typeof cube>;
