import type { ReactNode } from 'react';

// Whole class names, so Tailwind finds them in this file.
const SHOWN_FROM = {
  md: { table: 'hidden md:block', cards: 'md:hidden' },
  lg: { table: 'hidden lg:block', cards: 'lg:hidden' },
  xl: { table: 'hidden xl:block', cards: 'xl:hidden' },
} as const;

type TableOrCardsProps = {
  /** From this width up the table shows; below it the cards: where its columns and actions stop fitting. */
  tableFrom: keyof typeof SHOWN_FROM;
  /** The `<table>`. */
  table: ReactNode;
  /** One `<li>` per item. */
  cards: ReactNode;
  /** A border around the table, for a list that is not already inside a card. */
  isFramed?: boolean;
};

/**
 * A list as a table on wide screens and as a card per item on narrow ones, so a phone never scrolls
 * sideways and every action stays on screen. Both are rendered; the width shows one of them.
 */
export function TableOrCards({ tableFrom, table, cards, isFramed = false }: TableOrCardsProps) {
  const frame = isFramed ? 'rounded-box border border-base-300 bg-base-100' : '';
  return (
    <>
      <div className={`${SHOWN_FROM[tableFrom].table} overflow-x-auto ${frame}`}>{table}</div>
      <ul className={`${SHOWN_FROM[tableFrom].cards} grid gap-3 sm:grid-cols-2`}>{cards}</ul>
    </>
  );
}
