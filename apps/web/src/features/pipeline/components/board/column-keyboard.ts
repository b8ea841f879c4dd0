import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/** Arrow keys that move a picked-up card to the previous or next column. */
const STEPS: Record<string, -1 | 1> = { ArrowLeft: -1, ArrowRight: 1 };

/**
 * Where the left and right arrow keys take a card picked up with the keyboard: into the previous or next
 * status column, whatever their widths or the card's position (dnd-kit's default moves by 25 px). Up and down do
 * nothing: a column is sorted by the candidates' last change, not by hand.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (
  event,
  { context, currentCoordinates },
) => {
  const step = STEPS[event.code];
  const card = context.collisionRect;
  if (step === undefined || !card) {
    if (event.code === 'ArrowUp' || event.code === 'ArrowDown') event.preventDefault();
    return undefined;
  }
  event.preventDefault();
  const columns = context.droppableContainers
    .getEnabled()
    .flatMap((container) => {
      const rect = context.droppableRects.get(container.id);
      return rect ? [rect] : [];
    })
    .sort((a, b) => a.left - b.left);
  const centre = card.left + card.width / 2;
  const here = columns.findIndex((rect) => centre >= rect.left && centre < rect.left + rect.width);
  const target = columns[here === -1 ? (step > 0 ? 0 : columns.length - 1) : here + step];
  if (!target) return undefined;
  // The card's centre to the target column's centre, its top just under the column's header.
  return {
    x: currentCoordinates.x + (target.left + target.width / 2 - centre),
    y: currentCoordinates.y + (target.top + 48 - card.top),
  };
};
