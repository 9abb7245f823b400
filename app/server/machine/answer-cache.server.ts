/**
 * The machine interfaces' answers kept in process memory for a short while (anonymous public data
 * is the same for everyone). Assistants ask the same questions again and again ('restaurantes en
 * Bocas'); a repeat costs a map lookup instead of a ranked search. An entry dies with the page
 * cache's generation (every write that changes public data, in this process or relayed from
 * another), so a deactivated entry disappears from the API and MCP at once, and after
 * API_CACHE_TTL_MS at the latest (0 turns the cache off).
 */
import { getEnv } from "../platform/env.server";
import { publicCacheGeneration } from "../http/page-cache.server";
import { singleton } from "../platform/singleton.server";

type Entry = { value: unknown; storedAt: number; generation: number };

const MAX_ENTRIES = 5_000;

const entries = () => singleton("answer-cache", () => new Map<string, Entry>());

/** The cached value of `key`, or `compute()` stored under it. Errors are not cached. */
export async function cachedAnswer<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const ttl = getEnv().API_CACHE_TTL_MS;
  if (ttl <= 0) return compute();
  const map = entries();
  const generation = publicCacheGeneration();
  const hit = map.get(key);
  if (hit && hit.generation === generation && Date.now() - hit.storedAt < ttl) return hit.value as T;
  const value = await compute();
  // Only if nothing changed while it was computed: else it may already be stale.
  if (publicCacheGeneration() === generation) {
    map.delete(key);
    map.set(key, { value, storedAt: Date.now(), generation });
    while (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
  }
  return value;
}
