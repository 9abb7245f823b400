/**
 * What a card and an entry page both show of an entry. Kept apart from the card component so that
 * entry pages do not download the card (vite.config.ts splits the directory's chunks by kind of page).
 */
import type { ListingCard } from "~/schemas/directory";

/** What a listing card shows (the model's listing rows). */
export type CardData = ListingCard;
