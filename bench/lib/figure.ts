/** One row of the bench table. */
export interface Figure {
  id: string;
  figure: string;
  /** Our figure, as shown in the table. */
  ours: string;
  baseline: string;
  /** ours ÷ baseline of the headline number (null where there is no baseline). */
  ratio: number | null;
  target: string;
  /** null where there is no target. */
  met: boolean | null;
  /** Why a target is missed, or how a figure was taken. */
  note?: string;
  data?: unknown;
  /** A table of its own (markdown lines), shown under the figures. */
  table?: string[];
}
