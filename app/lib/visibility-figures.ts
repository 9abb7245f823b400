/** The shapes of the visibility views' figures, which the server computes and the pages draw. */
import type { PositionBand, VisibilityAction, VisibilityChannel } from "~/catalog/visibility";

export const VISIBILITY_PERIODS = [30, 90] as const;
export type VisibilityPeriod = (typeof VISIBILITY_PERIODS)[number];

/** The period a `?dias=` names; anything else is the default, 30. */
export function periodOf(value: string | null | undefined): VisibilityPeriod {
  return value === "90" ? 90 : 30;
}

export type ChannelCounts = Record<VisibilityChannel, number>;
export type DailyImpressions = { day: string } & ChannelCounts;

export type EntryVisibility = {
  period: VisibilityPeriod;
  from: string;
  to: string;
  daily: DailyImpressions[];
  byChannel: ChannelCounts;
  byBand: Record<PositionBand, number>;
  total: number;
  questions: { question: string; count: number; position: number }[];
  actions: Record<VisibilityAction, number>;
  referrals: { source: string; count: number }[];
  crawlers: { source: string; surface: string; count: number }[];
  /** Its share of its category's or industry's impressions in its province; null without a segment or any impression there. */
  share: { segment: string; provincia: string; segmentTotal: number; entryTotal: number; share: number } | null;
  /**
   * The first day the share counts: the period's, or the day after the category or province changed
   * within it (after `to` when that was today).
   */
  shareFrom: string;
};

export type DirectoryVisibility = {
  period: VisibilityPeriod;
  from: string;
  to: string;
  daily: DailyImpressions[];
  /** Answers given, by channel. */
  answers: ChannelCounts;
  /** Entries shown, by channel and band. */
  byChannel: ChannelCounts;
  byBand: Record<PositionBand, number>;
  total: number;
  actions: Record<VisibilityAction, number>;
  referrals: { source: string; count: number }[];
  crawlers: { source: string; count: number }[];
};
