/**
 * Drizzle schema: the product's entities (profiles, listings, business owners, free plans, blogs),
 * better-auth's tables, and the app's own (subscriptions, stripe_events, contact_messages,
 * api_tokens, rate_limits, audit_log, listing_slug_history).
 */
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  customType,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { BLOG_CATEGORIES, RESTAURANT_CATEGORY_SLUGS } from "../catalog/categories";
import { INDUSTRY_SLUGS } from "../catalog/industries";
import { CONTACT_SERVICE_SLUGS, FREE_PLAN_DAYS, PLAN_TYPE_SLUGS } from "../catalog/plans";
import { PROVINCE_SLUGS } from "../catalog/provinces";
import { VISIBILITY_ACTION_IDS, VISIBILITY_CHANNEL_IDS, VISIT_SURFACE_IDS, VISIT_TYPES } from "../catalog/visibility";

/** One opening period as Google's Places API gives it: day 0 is Sunday; no close means open 24 h. */
export type WeeklyPeriod = { open: { day: number; hour: number; minute: number }; close?: { day: number; hour: number; minute: number } };

const inList = (values: readonly (string | number)[]) =>
  sql.raw(values.map((v) => (typeof v === "number" ? String(v) : `'${v.replace(/'/g, "''")}'`)).join(", "));

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => ts("created_at").notNull().defaultNow();
const updatedAt = () => ts("updated_at").notNull().defaultNow();

// ---------------------------------------------------------------- better-auth
export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: ts("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: ts("access_token_expires_at"),
    refreshTokenExpiresAt: ts("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: ts("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

// ---------------------------------------------------------------- profiles
export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email"),
    full_name: text("full_name").notNull().default(""),
    is_admin: boolean("is_admin").notNull().default(false),
    /** The address the account was created with: the owner's admin role follows only this one. */
    signup_email: text("signup_email"),
    /** A new address asked for on /profile, waiting for its link to be opened (shown, never used). */
    pending_email: text("pending_email"),
    pending_email_at: ts("pending_email_at"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index("profiles_created_at_idx").on(t.created_at.desc()), index("profiles_email_idx").on(sql`lower(${t.email})`)],
);

// ---------------------------------------------------------------- directory
/** A set of integer ranges (PostgreSQL 14+, PGlite too), read as its text form. */
const int4multirange = customType<{ data: string }>({ dataType: () => "int4multirange" });

/** Columns every directory entry has, restaurant or business (the kind adds its own). */
const listingColumns = () => ({
  id: uuid("id").primaryKey().defaultRandom(),
  slug: text("slug").notNull().unique(),
  nombre: text("nombre").notNull(),
  direccion: text("direccion").notNull(),
  telefono: text("telefono"),
  /** The WhatsApp number customers write to (shown as a wa.me link). */
  whatsapp: text("whatsapp"),
  horario: text("horario"),
  rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }),
  provincia: text("provincia").notNull(),
  customer_reviews: text("customer_reviews"),
  plan_type: text("plan_type").notNull().default("free_local"),
  especialidades: text("especialidades").array().notNull().default(sql`'{}'::text[]`),
  is_verified: boolean("is_verified").notNull().default(false),
  is_active: boolean("is_active").notNull().default(true),
  imagen: text("imagen"),
  google_place_id: text("google_place_id").unique(),
  // Where Google (or an admin) placed the entry; 'near me' and 'open now' read these.
  latitud: numeric("latitud", { precision: 9, scale: 6, mode: "number" }),
  longitud: numeric("longitud", { precision: 9, scale: 6, mode: "number" }),
  /** Weekly opening periods in Google's `regularOpeningHours.periods` shape (day 0 = Sunday), America/Panama time. */
  horario_semanal: jsonb("horario_semanal").$type<WeeklyPeriod[]>(),
  /** The minutes of the week it is open, kept by PostgreSQL from `horario_semanal`: 'open now' tests this. */
  open_minutes: int4multirange("open_minutes").generatedAlwaysAs(sql`listing_open_minutes(horario_semanal)`),
  /** Closed on Panama's national holidays ('open now' and the page honour it with `listing_closures`). */
  closes_on_holidays: boolean("closes_on_holidays").notNull().default(false),
  /**
   * The day (in Panama) its category or industry or its province last changed, kept by a trigger:
   * its share of voice is measured from the day after, among the entries it is now compared with.
   */
  segment_since: date("segment_since", { mode: "string" }),
  /** When a manager last said the information is right (page, JSON-LD dateModified, API). */
  info_confirmed_at: ts("info_confirmed_at"),
  /** When the managers were last asked by e-mail to confirm it (at most once per 90 days). */
  info_reminded_at: ts("info_reminded_at"),
  /** A listing a member submitted: 'pending' (private, inactive) until an admin approves it, or 'refused'. */
  review_status: text("review_status"),
  submitted_by: text("submitted_by").references(() => users.id, { onDelete: "set null" }),
  /** Where the paid plan comes from: 'stripe' (kept by the webhook) or 'granted' (set by an admin). */
  plan_source: text("plan_source"),
  /** The paid plan's current period end: its renewal, or its end when cancelled. */
  plan_renews_at: ts("plan_renews_at"),
  plan_cancel_at_period_end: boolean("plan_cancel_at_period_end").notNull().default(false),
  /** Set when a renewal's payment failed, cleared when one succeeds. */
  plan_payment_failed_at: ts("plan_payment_failed_at"),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

type ListingColumn =
  | "id"
  | "review_status"
  | "plan_source"
  | "nombre"
  | "descripcion"
  | "direccion"
  | "especialidades"
  | "provincia"
  | "plan_type"
  | "rating"
  | "latitud"
  | "longitud"
  | "is_active"
  | "created_at";

/**
 * Checks and indexes both kinds share; `group` is what the kind is listed by (a restaurant's
 * category, a business's industry), named `groupName` in the index names.
 */
function listingTableConfig(table: string, t: Record<ListingColumn, ExtraConfigColumn>, group: ExtraConfigColumn, groupName: string) {
  const planRank = sql`listing_plan_rank(${t.plan_type}) desc`;
  const searchText = sql`listing_search_text(${t.nombre}, ${t.descripcion}, ${t.direccion}, ${t.especialidades}, ${group})`;
  return [
    check(`${table}_provincia_check`, sql`${t.provincia} in (${inList(PROVINCE_SLUGS)})`),
    check(`${table}_plan_type_check`, sql`${t.plan_type} in (${inList(PLAN_TYPE_SLUGS)})`),
    check(`${table}_rating_check`, sql`${t.rating} is null or (${t.rating} >= 0 and ${t.rating} <= 5)`),
    check(`${table}_review_status_check`, sql`${t.review_status} is null or ${t.review_status} in ('pending', 'refused')`),
    check(`${table}_plan_source_check`, sql`${t.plan_source} is null or ${t.plan_source} in ('stripe', 'granted')`),
    // The admin's queue of submitted listings.
    index(`${table}_review_idx`).on(t.created_at.desc()).where(sql`${t.review_status} = 'pending'`),
    check(
      `${table}_coordenadas_check`,
      sql`(${t.latitud} is null) = (${t.longitud} is null) and (${t.latitud} is null or (${t.latitud} between 7.0 and 9.8 and ${t.longitud} between -83.1 and -77.1))`,
    ),
    // Admin listing, all entries newest first.
    index(`${table}_created_idx`).on(t.created_at.desc(), t.id.desc()),
    // Spanish accent-insensitive search: full text and trigram over one unaccented document.
    index(`${table}_search_fts_idx`).using("gin", sql`to_tsvector('spanish'::regconfig, ${searchText})`),
    // The same words with the entry's province in each lexeme ('chiriqui/cevich'): a word within a
    // province is one short posting list instead of two long ones intersected (migration 0009).
    index(`${table}_search_province_fts_idx`).using(
      "gin",
      sql`listing_province_lexemes(${t.provincia}, to_tsvector('spanish'::regconfig, ${searchText}))`,
    ),
    index(`${table}_search_trgm_idx`).using("gin", sql`${searchText} gin_trgm_ops`),
    index(`${table}_nombre_trgm_idx`).using("gin", sql`immutable_unaccent(lower(${t.nombre})) gin_trgm_ops`),
    // The same names, one index per province: a typo looked up within a province reads that
    // province's names only, instead of every similar name in the country intersected with the
    // province's rows (tens of thousands each at 1M listings).
    ...PROVINCE_SLUGS.map((province) =>
      index(`${table}_nombre_trgm_${province.replaceAll("-", "_")}_idx`)
        .using("gin", sql`immutable_unaccent(lower(${t.nombre})) gin_trgm_ops`)
        .where(sql`${t.provincia} = ${sql.raw(`'${province}'`)} and ${t.is_active}`),
    ),
    // Machine search with filters only: best plan first, then newest.
    index(`${table}_plan_idx`).on(planRank, t.created_at.desc(), t.id.desc()).where(sql`${t.is_active}`),
    index(`${table}_province_plan_idx`).on(t.provincia, planRank, t.created_at.desc(), t.id.desc()).where(sql`${t.is_active}`),
    index(`${table}_${groupName}_plan_idx`).on(group, planRank, t.created_at.desc(), t.id.desc()).where(sql`${t.is_active}`),
    index(`${table}_${groupName}_province_plan_idx`)
      .on(group, t.provincia, planRank, t.created_at.desc(), t.id.desc())
      .where(sql`${t.is_active}`),
    // 'Near me': active entries with coordinates, nearest first (GiST KNN on a point, core
    // PostgreSQL, so PGlite has it too).
    index(`${table}_geo_idx`)
      .using("gist", sql`point(${t.longitud}::float8, ${t.latitud}::float8)`)
      .where(sql`${t.is_active} and ${t.latitud} is not null`),
    // 'Near X' with words, a category or an industry: the point, the group and the document in one
    // GiST index (btree_gist for the group), walked nearest first. A common word in a dense town
    // stops at its nearest few entries; a rare one, or a rare group, prunes whole branches. Only
    // whole lexemes prune (a prefix cannot be told from a word signature).
    index(`${table}_geo_words_idx`)
      .using("gist", sql`point(${t.longitud}::float8, ${t.latitud}::float8)`, group, sql`to_tsvector('spanish'::regconfig, ${searchText})`)
      .where(sql`${t.is_active} and ${t.latitud} is not null`),
  ];
}

export const restaurants = pgTable(
  "restaurants",
  {
    ...listingColumns(),
    descripcion: text("descripcion"),
    categoria: text("categoria"),
    website_url: text("website_url"),
    facebook_url: text("facebook_url"),
    instagram_url: text("instagram_url"),
    maps_url: text("maps_url"),
    special_dish: text("special_dish"),
  },
  (t) => [
    ...listingTableConfig("restaurants", t, t.categoria, "category"),
    check("restaurants_categoria_check", sql`${t.categoria} is null or ${t.categoria} in (${inList(RESTAURANT_CATEGORY_SLUGS)})`),
    // Public listing: active entries of a province, newest first, keyset on (created_at, id).
    index("restaurants_listing_idx").on(t.provincia, t.created_at.desc(), t.id.desc()).where(sql`${t.is_active}`),
  ],
);

export const businesses = pgTable(
  "businesses",
  {
    ...listingColumns(),
    descripcion: text("descripcion").notNull(),
    industria: text("industria").notNull(),
    website: text("website"),
    facebook_url: text("facebook_url"),
    instagram_url: text("instagram_url"),
    special_service: text("special_service"),
  },
  (t) => [
    ...listingTableConfig("businesses", t, t.industria, "industry"),
    check("businesses_industria_check", sql`${t.industria} in (${inList(INDUSTRY_SLUGS)})`),
    index("businesses_listing_idx").on(t.industria, t.created_at.desc(), t.id.desc()).where(sql`${t.is_active}`),
    index("businesses_listing_province_idx").on(t.industria, t.provincia, t.created_at.desc(), t.id.desc()).where(sql`${t.is_active}`),
  ],
);

/** The `cube` extension's type (core PostgreSQL and PGlite both ship it): a box of up to 100 dimensions. */
const cube = customType<{ data: string }>({ dataType: () => "cube" });

/**
 * 'Open now, near me' as one index walk: each day's period an active entry with coordinates is open,
 * as a box in (longitude, latitude, minute of the week), filled by triggers from the entry's own
 * columns (migration 0008). A GiST index on it keeps what is open at a minute and nearest to a point
 * together.
 */
function openSpansTable(name: string, parent: typeof restaurants | typeof businesses) {
  return pgTable(
    name,
    {
      listing_id: uuid("listing_id")
        .notNull()
        .references(() => parent.id, { onDelete: "cascade" }),
      /** Day of the week (0 = Sunday): a box never crosses midnight. */
      day: smallint("day").notNull(),
      span: cube("span").notNull(),
    },
    // The day first (btree_gist), so that the index keeps each day's boxes apart: the boxes of one
    // place all have the same longitude and latitude, and GiST's volume-based grouping would
    // otherwise put a listing's seven days together.
    (t) => [index(`${name}_span_idx`).using("gist", t.day, t.span), index(`${name}_listing_idx`).on(t.listing_id)],
  );
}

export const restaurant_open_spans = openSpansTable("restaurant_open_spans", restaurants);
export const business_open_spans = openSpansTable("business_open_spans", businesses);

/** Old slugs of renamed listings, so that old links answer 301. */
export const listing_slug_history = pgTable(
  "listing_slug_history",
  {
    kind: text("kind").notNull(),
    old_slug: text("old_slug").notNull(),
    listing_id: uuid("listing_id").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.old_slug] }),
    check("listing_slug_history_kind_check", sql`${t.kind} in ('restaurant', 'business')`),
  ],
);

export const business_owners_general = pgTable(
  "business_owners_general",
  {
    business_id: uuid("business_id")
      .primaryKey()
      .references(() => businesses.id, { onDelete: "cascade" }),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    plan_type: text("plan_type").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index("business_owners_general_user_idx").on(t.user_id),
    check("business_owners_general_plan_type_check", sql`${t.plan_type} in (${inList(PLAN_TYPE_SLUGS)})`),
  ],
);

// ---------------------------------------------------------------- owners
const kindCheck = (name: string, kind: ExtraConfigColumn) => check(name, sql`${kind} in ('restaurant', 'business')`);

/**
 * The people who run a listing (any number): by a claim confirmed at the website's domain, an
 * admin's approval, their own approved submission, or the admin's owner assignment.
 */
export const listing_managers = pgTable(
  "listing_managers",
  {
    kind: text("kind").notNull(),
    listing_id: uuid("listing_id").notNull(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    source: text("source").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.listing_id, t.user_id] }),
    kindCheck("listing_managers_kind_check", t.kind),
    check("listing_managers_source_check", sql`${t.source} in ('domain', 'approval', 'submission', 'assignment')`),
    index("listing_managers_user_idx").on(t.user_id),
  ],
);

/**
 * Claims of a listing: 'domain' waits for the link mailed to an address at the listing website's
 * domain; 'admin' waits in the admins' queue with what the claimant says.
 */
export const listing_claims = pgTable(
  "listing_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    listing_id: uuid("listing_id").notNull(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method").notNull(),
    /** The address at the website's domain the link went to ('domain' claims). */
    email: text("email"),
    /** SHA-256 of the mailed link's token; never the token itself. */
    token_hash: text("token_hash"),
    full_name: text("full_name"),
    role: text("role"),
    phone: text("phone"),
    note: text("note"),
    status: text("status").notNull().default("pending"),
    decided_by: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decided_at: ts("decided_at"),
    expires_at: ts("expires_at"),
    created_at: createdAt(),
  },
  (t) => [
    kindCheck("listing_claims_kind_check", t.kind),
    check("listing_claims_method_check", sql`${t.method} in ('domain', 'admin')`),
    check("listing_claims_status_check", sql`${t.status} in ('pending', 'approved', 'refused', 'expired')`),
    uniqueIndex("listing_claims_open_idx").on(t.kind, t.listing_id, t.user_id).where(sql`${t.status} = 'pending'`),
    index("listing_claims_queue_idx").on(t.created_at.desc()).where(sql`${t.status} = 'pending' and ${t.method} = 'admin'`),
    index("listing_claims_user_idx").on(t.user_id),
  ],
);

/** A manager's change of name, category or industry, or province: applied when an admin approves it. */
export const listing_change_requests = pgTable(
  "listing_change_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    listing_id: uuid("listing_id").notNull(),
    user_id: text("user_id").references(() => users.id, { onDelete: "set null" }),
    changes: jsonb("changes").$type<Record<string, string>>().notNull(),
    status: text("status").notNull().default("pending"),
    decided_by: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decided_at: ts("decided_at"),
    created_at: createdAt(),
  },
  (t) => [
    kindCheck("listing_change_requests_kind_check", t.kind),
    check("listing_change_requests_status_check", sql`${t.status} in ('pending', 'approved', 'refused')`),
    index("listing_change_requests_queue_idx").on(t.created_at.desc()).where(sql`${t.status} = 'pending'`),
    index("listing_change_requests_listing_idx").on(t.kind, t.listing_id),
  ],
);

/** Days a listing is closed besides its weekly hours (a holiday, works), in Panama's calendar. */
export const listing_closures = pgTable(
  "listing_closures",
  {
    kind: text("kind").notNull(),
    listing_id: uuid("listing_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    reason: text("reason"),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.listing_id, t.day] }), kindCheck("listing_closures_kind_check", t.kind)],
);

/** Local AI plan subscriptions bought in Stripe Checkout for one listing each. */
export const listing_subscriptions = pgTable(
  "listing_subscriptions",
  {
    stripe_subscription_id: text("stripe_subscription_id").primaryKey(),
    kind: text("kind").notNull(),
    listing_id: uuid("listing_id").notNull(),
    user_id: text("user_id").references(() => users.id, { onDelete: "set null" }),
    stripe_customer_id: text("stripe_customer_id"),
    plan_type: text("plan_type").notNull(),
    /** 'year' or 'half_year': the period the buyer picked. */
    period: text("period").notNull(),
    status: text("status").notNull(),
    current_period_end: ts("current_period_end"),
    cancel_at_period_end: boolean("cancel_at_period_end").notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    kindCheck("listing_subscriptions_kind_check", t.kind),
    check("listing_subscriptions_plan_type_check", sql`${t.plan_type} in (${inList(PLAN_TYPE_SLUGS)})`),
    check("listing_subscriptions_period_check", sql`${t.period} in ('year', 'half_year')`),
    // One paid plan at a time per listing.
    uniqueIndex("listing_subscriptions_live_idx")
      .on(t.kind, t.listing_id)
      .where(sql`${t.status} in ('active', 'trialing', 'past_due', 'unpaid', 'incomplete')`),
    index("listing_subscriptions_user_idx").on(t.user_id),
  ],
);

export const free_plan_subscriptions = pgTable(
  "free_plan_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    user_id: text("user_id").references(() => users.id, { onDelete: "set null" }),
    days_granted: integer("days_granted").notNull(),
    expires_at: ts("expires_at").notNull(),
    granted_by: text("granted_by").references(() => users.id, { onDelete: "set null" }),
    is_active: boolean("is_active").notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [
    check("free_plan_days_check", sql`${t.days_granted} in (${inList(FREE_PLAN_DAYS)})`),
    check("free_plan_email_lower_check", sql`${t.email} = lower(${t.email})`),
    index("free_plan_email_idx").on(t.email),
    index("free_plan_user_idx").on(t.user_id),
    index("free_plan_created_idx").on(t.created_at.desc()),
  ],
);

// ---------------------------------------------------------------- blog
export const blogs = pgTable(
  "blogs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    content: text("content").notNull(),
    category: text("category"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    image_url: text("image_url"),
    author_id: text("author_id").references(() => users.id, { onDelete: "set null" }),
    is_published: boolean("is_published").notNull().default(false),
    published_at: ts("published_at"),
    views: integer("views").notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check("blogs_category_check", sql`${t.category} is null or ${t.category} in (${inList(BLOG_CATEGORIES)})`),
    check("blogs_views_check", sql`${t.views} >= 0`),
    index("blogs_published_idx").on(t.created_at.desc(), t.id.desc()).where(sql`${t.is_published}`),
    index("blogs_author_idx").on(t.author_id, t.updated_at.desc()),
    index("blogs_search_trgm_idx").using("gin", sql`blog_search_text(${t.title}, ${t.excerpt}, ${t.category}) gin_trgm_ops`),
  ],
);

// ---------------------------------------------------------------- payments
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    stripe_customer_id: text("stripe_customer_id"),
    stripe_subscription_id: text("stripe_subscription_id").unique(),
    status: text("status").notNull(),
    price_id: text("price_id"),
    current_period_end: ts("current_period_end"),
    cancel_at_period_end: boolean("cancel_at_period_end").notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index("subscriptions_user_idx").on(t.user_id)],
);

/** The Stripe customer of each account, learnt from its first completed checkout. */
export const stripe_customers = pgTable("stripe_customers", {
  user_id: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  customer_id: text("customer_id").notNull().unique(),
  created_at: createdAt(),
});

/**
 * The Checkout Sessions started for each account: whose a returning session is, and which ones Stripe
 * may still complete (`settled_at` null) and must be asked about before a second checkout.
 */
export const checkout_sessions = pgTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expires_at: ts("expires_at").notNull(),
    settled_at: ts("settled_at"),
    created_at: createdAt(),
  },
  (t) => [index("checkout_sessions_unsettled_idx").on(t.user_id).where(sql`${t.settled_at} is null`)],
);

export const stripe_events = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processed_at: ts("processed_at").notNull().defaultNow(),
});

// ---------------------------------------------------------------- leads
export const contact_messages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    business: text("business"),
    service: text("service"),
    message: text("message").notNull(),
    handled_at: ts("handled_at"),
    handled_by: text("handled_by").references(() => users.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [
    check("contact_messages_service_check", sql`${t.service} is null or ${t.service} in (${inList(CONTACT_SERVICE_SLUGS)})`),
    index("contact_messages_created_idx").on(t.created_at.desc()),
  ],
);

// ---------------------------------------------------------------- writing API tokens
export const api_tokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    token_hash: text("token_hash").notNull(),
    last_used_at: ts("last_used_at"),
    revoked_at: ts("revoked_at"),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("api_tokens_hash_idx").on(t.token_hash), index("api_tokens_user_idx").on(t.user_id)],
);

// ---------------------------------------------------------------- rate limits
/** Fixed-window counters kept in the database so that every app process shares them. */
export const rate_limits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  window_start: ts("window_start").notNull(),
  count: integer("count").notNull(),
});

// ---------------------------------------------------------------- Google import
/**
 * Google places an admin skipped in the import tab: for every admin (the directory is one), so a
 * new search does not show them again until someone restores them.
 */
export const google_place_skips = pgTable("google_place_skips", {
  place_id: text("place_id").primaryKey(),
  name: text("name").notNull(),
  skipped_by: text("skipped_by").references(() => users.id, { onDelete: "set null" }),
  skipped_at: ts("skipped_at").notNull().defaultNow(),
});

// ---------------------------------------------------------------- audit trail
export const audit_log = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actor_id: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actor_email: text("actor_email"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entity_id: text("entity_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    created_at: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.created_at.desc(), t.id.desc())],
);

// ---------------------------------------------------------------- mail outbox
/**
 * Mail waiting for the SMTP server: requests only insert here, and a sender in every app process
 * claims rows (a lease in `locked_until`, taken with FOR UPDATE SKIP LOCKED) and sends them with
 * retries. A sent mail keeps no body, so the links it carried are not kept at rest.
 */
export const mail_outbox = pgTable(
  "mail_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    to_address: text("to_address").notNull(),
    subject: text("subject").notNull(),
    body_text: text("body_text"),
    body_html: text("body_html"),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    next_attempt_at: ts("next_attempt_at").notNull().defaultNow(),
    locked_until: ts("locked_until"),
    last_error: text("last_error"),
    created_at: createdAt(),
    sent_at: ts("sent_at"),
  },
  (t) => [
    check("mail_outbox_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
    index("mail_outbox_due_idx").on(t.next_attempt_at).where(sql`${t.status} = 'pending'`),
    index("mail_outbox_failed_idx").on(t.created_at.desc(), t.id.desc()).where(sql`${t.status} = 'failed'`),
  ],
);

// ---------------------------------------------------------------- AI visibility (decision 097)
// Daily totals of what the directory's own answers showed and what visitors did next. Counts arrive
// batched from memory; nothing here says who asked or who tapped.

const channelCheck = (name: string, c: ExtraConfigColumn) => check(name, sql`${c} in (${inList(VISIBILITY_CHANNEL_IDS)})`);
const dayCol = () => date("day", { mode: "string" }).notNull();
const countCol = () => integer("count").notNull();

/** How often each entry appeared, per day, channel and position band (1: 1-3, 2: 4-10, 3: further). */
export const visibility_impressions = pgTable(
  "visibility_impressions",
  {
    kind: text("kind").notNull(),
    listing_id: uuid("listing_id").notNull(),
    day: dayCol(),
    channel: text("channel").notNull(),
    band: smallint("band").notNull(),
    count: countCol(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.listing_id, t.day, t.channel, t.band] }),
    kindCheck("visibility_impressions_kind_check", t.kind),
    channelCheck("visibility_impressions_channel_check", t.channel),
    check("visibility_impressions_band_check", sql`${t.band} between 1 and 3`),
    index("visibility_impressions_day_idx").on(t.day),
  ],
);

/** Impressions of all the entries of one category or industry in one province: share of voice. */
export const visibility_segment_impressions = pgTable(
  "visibility_segment_impressions",
  {
    kind: text("kind").notNull(),
    segment: text("segment").notNull(),
    provincia: text("provincia").notNull(),
    day: dayCol(),
    count: countCol(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.segment, t.provincia, t.day] }),
    kindCheck("visibility_segment_impressions_kind_check", t.kind),
    index("visibility_segment_impressions_day_idx").on(t.day),
  ],
);

/**
 * The whole directory's day by metric ('imp:api:1', 'action:whatsapp', 'referral:chatgpt',
 * 'crawler:OAI-SearchBot'): the company's totals without summing every entry's rows.
 */
export const visibility_directory = pgTable(
  "visibility_directory",
  { day: dayCol(), metric: text("metric").notNull(), count: countCol() },
  (t) => [primaryKey({ columns: [t.day, t.metric] })],
);

/** Taps on WhatsApp, call, directions and website, once per visitor and hour. */
export const visibility_actions = pgTable(
  "visibility_actions",
  {
    kind: text("kind").notNull(),
    listing_id: uuid("listing_id").notNull(),
    day: dayCol(),
    action: text("action").notNull(),
    count: countCol(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.listing_id, t.day, t.action] }),
    kindCheck("visibility_actions_kind_check", t.kind),
    check("visibility_actions_action_check", sql`${t.action} in (${inList(VISIBILITY_ACTION_IDS)})`),
    index("visibility_actions_day_idx").on(t.day),
  ],
);

/** Visits from an AI assistant (referral) and by AI and search crawlers, by source and surface. */
export const visibility_visits = pgTable(
  "visibility_visits",
  {
    kind: text("kind").notNull(),
    listing_id: uuid("listing_id").notNull(),
    day: dayCol(),
    visit: text("visit").notNull(),
    source: text("source").notNull(),
    surface: text("surface").notNull(),
    count: countCol(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.listing_id, t.day, t.visit, t.source, t.surface] }),
    kindCheck("visibility_visits_kind_check", t.kind),
    check("visibility_visits_visit_check", sql`${t.visit} in (${inList(VISIT_TYPES)})`),
    check("visibility_visits_surface_check", sql`${t.surface} in (${inList(VISIT_SURFACE_IDS)})`),
    index("visibility_visits_day_idx").on(t.day),
  ],
);

/** The questions (normalized words only) each entry appeared for, with the sum of its positions. */
export const visibility_entry_questions = pgTable(
  "visibility_entry_questions",
  {
    kind: text("kind").notNull(),
    listing_id: uuid("listing_id").notNull(),
    day: dayCol(),
    question: text("question").notNull(),
    count: countCol(),
    position_sum: integer("position_sum").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.listing_id, t.day, t.question] }),
    kindCheck("visibility_entry_questions_kind_check", t.kind),
    index("visibility_entry_questions_day_idx").on(t.day),
  ],
);

/** Questions whose answer found nothing (empty) or little (few): what customers ask that is missing. */
export const visibility_questions = pgTable(
  "visibility_questions",
  {
    day: dayCol(),
    question: text("question").notNull(),
    channel: text("channel").notNull(),
    empty: integer("empty").notNull(),
    few: integer("few").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.question, t.channel] }), channelCheck("visibility_questions_channel_check", t.channel)],
);

/** Each entry's impressions over the last 30 and 90 full days, refreshed by the daily pass. */
export const visibility_rollups = pgTable(
  "visibility_rollups",
  {
    kind: text("kind").notNull(),
    listing_id: uuid("listing_id").notNull(),
    impressions_30: integer("impressions_30").notNull(),
    impressions_90: integer("impressions_90").notNull(),
    updated_on: date("updated_on", { mode: "string" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.listing_id] }),
    kindCheck("visibility_rollups_kind_check", t.kind),
    index("visibility_rollups_30_idx").on(t.impressions_30.desc()),
    index("visibility_rollups_90_idx").on(t.impressions_90.desc()),
  ],
);

/** The monthly report, claimed per listing and month so that several processes send it once. */
export const visibility_reports = pgTable(
  "visibility_reports",
  {
    month: date("month", { mode: "string" }).notNull(),
    kind: text("kind").notNull(),
    listing_id: uuid("listing_id").notNull(),
    sent_at: ts("sent_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.month, t.kind, t.listing_id] }), kindCheck("visibility_reports_kind_check", t.kind)],
);

/** People who asked, through the link in a report, to receive no more reports. */
export const visibility_report_optouts = pgTable("visibility_report_optouts", {
  user_id: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  created_at: createdAt(),
});

export type Profile = typeof profiles.$inferSelect;
export type Restaurant = typeof restaurants.$inferSelect;
export type NewRestaurant = typeof restaurants.$inferInsert;
export type Business = typeof businesses.$inferSelect;
export type NewBusiness = typeof businesses.$inferInsert;
export type Blog = typeof blogs.$inferSelect;
export type NewBlog = typeof blogs.$inferInsert;
export type FreePlan = typeof free_plan_subscriptions.$inferSelect;
export type ContactMessage = typeof contact_messages.$inferSelect;
export type OutboxMail = typeof mail_outbox.$inferSelect;
