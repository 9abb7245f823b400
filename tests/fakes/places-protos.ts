/**
 * Checks JSON against the Places API (New) message definitions shipped in `@googlemaps/places`
 * (its protos.json), so neither the app's requests nor the fake's answers can drift from Google's
 * format. A field the definition does not know, or a value of the wrong kind, is an error.
 *
 * The package's protos.json (3.0.0) predates Text Search pagination: `pageSize`/`pageToken` on the
 * request and `nextPageToken` on the answer exist in Google's REST reference and discovery document
 * but not in the file (googleapis/google-cloud-node#5385). Those three, and only those, are added
 * here as the REST reference types them.
 */
import { createRequire } from "node:module";

type Field = { type: string; rule?: string; keyType?: string };
type Node = { fields?: Record<string, Field>; values?: Record<string, number>; nested?: Record<string, Node> };

const require = createRequire(import.meta.url);
const root = require("@googlemaps/places/build/protos/protos.json") as Node;

const V1 = "google.maps.places.v1";
const PAGINATION: Record<string, Record<string, Field>> = {
  [`${V1}.SearchTextRequest`]: { pageSize: { type: "int32" }, pageToken: { type: "string" } },
  [`${V1}.SearchTextResponse`]: { nextPageToken: { type: "string" } },
};

function lookup(fullName: string): Node | undefined {
  let node: Node | undefined = root;
  for (const part of fullName.split(".")) node = node?.nested?.[part];
  return node;
}

/** Resolves a type name as protobuf does: from the innermost scope outwards. */
function resolve(name: string, scope: string): string | undefined {
  if (name.startsWith(".")) return lookup(name.slice(1)) ? name.slice(1) : undefined;
  const parts = scope.split(".");
  for (let i = parts.length; i >= 0; i--) {
    const candidate = [...parts.slice(0, i), name].filter(Boolean).join(".");
    if (lookup(candidate)) return candidate;
  }
  return undefined;
}

const INTS = new Set(["int32", "uint32", "sint32", "fixed32", "sfixed32"]);
const LONGS = new Set(["int64", "uint64", "sint64", "fixed64", "sfixed64"]);
const FLOATS = new Set(["double", "float"]);
const WRAPPERS: Record<string, string> = {
  "google.protobuf.Int32Value": "int32",
  "google.protobuf.DoubleValue": "double",
  "google.protobuf.BoolValue": "bool",
  "google.protobuf.StringValue": "string",
};

function checkScalar(type: string, value: unknown, path: string, errors: string[]): boolean {
  if (type === "string" || type === "bytes") {
    if (typeof value !== "string") errors.push(`${path}: se esperaba string`);
  } else if (type === "bool") {
    if (typeof value !== "boolean") errors.push(`${path}: se esperaba bool`);
  } else if (INTS.has(type)) {
    if (!Number.isInteger(value)) errors.push(`${path}: se esperaba entero`);
  } else if (LONGS.has(type)) {
    if (!Number.isInteger(value) && !(typeof value === "string" && /^-?\d+$/.test(value))) errors.push(`${path}: se esperaba int64`);
  } else if (FLOATS.has(type)) {
    if (typeof value !== "number") errors.push(`${path}: se esperaba número`);
  } else {
    return false;
  }
  return true;
}

function checkValue(type: string, scope: string, value: unknown, path: string, errors: string[]) {
  if (checkScalar(type, value, path, errors)) return;
  const full = resolve(type, scope);
  if (full && WRAPPERS[full]) return void checkScalar(WRAPPERS[full], value, path, errors);
  if (full === "google.protobuf.Timestamp" || full === "google.protobuf.Duration") {
    if (typeof value !== "string") errors.push(`${path}: se esperaba ${full} como string`);
    return;
  }
  if (full === "google.protobuf.Struct" || full === "google.protobuf.Value") return;
  const node = full ? lookup(full) : undefined;
  if (!full || !node) return void errors.push(`${path}: tipo desconocido ${type}`);
  if (node.values) {
    if (!(typeof value === "string" && value in node.values) && !Number.isInteger(value)) {
      errors.push(`${path}: valor ${JSON.stringify(value)} fuera del enum ${full}`);
    }
    return;
  }
  checkMessage(full, value, path, errors);
}

function checkMessage(fullName: string, value: unknown, path: string, errors: string[]) {
  const node = lookup(fullName);
  if (!node?.fields) return void errors.push(`${path}: ${fullName} no es un mensaje`);
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return void errors.push(`${path}: se esperaba objeto ${fullName}`);
  const fields = { ...node.fields, ...PAGINATION[fullName] };
  for (const [key, v] of Object.entries(value)) {
    const field = fields[key];
    const at = path ? `${path}.${key}` : key;
    if (!field) {
      errors.push(`${at}: campo desconocido en ${fullName}`);
      continue;
    }
    if (field.rule === "repeated") {
      if (!Array.isArray(v)) errors.push(`${at}: se esperaba lista`);
      else for (const [i, item] of v.entries()) checkValue(field.type, fullName, item, `${at}[${i}]`, errors);
    } else if (field.keyType) {
      if (typeof v !== "object" || v === null) errors.push(`${at}: se esperaba mapa`);
      else for (const [k, item] of Object.entries(v)) checkValue(field.type, fullName, item, `${at}.${k}`, errors);
    } else {
      checkValue(field.type, fullName, v, at, errors);
    }
  }
}

/** Errors of `value` against a Places v1 message (e.g. 'SearchTextRequest'); empty when valid. */
export function protoErrors(message: string, value: unknown): string[] {
  const errors: string[] = [];
  checkMessage(`${V1}.${message}`, value, "", errors);
  return errors;
}

/**
 * Errors of an X-Goog-FieldMask for Text Search: each path must name fields of SearchTextResponse
 * (through Place and its sub-messages); `*` is allowed only alone.
 */
export function fieldMaskErrors(mask: string): string[] {
  if (mask === "*") return [];
  const errors: string[] = [];
  for (const path of mask.split(",")) {
    let scope = `${V1}.SearchTextResponse`;
    for (const part of path.trim().split(".")) {
      const node = lookup(scope);
      const field = { ...node?.fields, ...PAGINATION[scope] }[part];
      if (!field) {
        errors.push(`${path}: '${part}' no existe en ${scope}`);
        break;
      }
      const next = resolve(field.type, scope);
      if (next && lookup(next)?.fields) scope = next;
    }
  }
  return errors;
}
