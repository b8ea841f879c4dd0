import type { SensorContext } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { columnKeyboardCoordinates } from './column-keyboard';

/** Three columns 200 px wide with 10 px between them, and a card 180 px wide in the column at `column`. */
function context(column: number) {
  const rects = new Map(
    [0, 1, 2].map((i) => [
      `status-${i}`,
      { left: i * 210, top: 100, width: 200, height: 400, right: i * 210 + 200, bottom: 500 },
    ]),
  );
  const containers = [...rects.keys()].map((id) => ({ id }));
  return {
    collisionRect: {
      left: column * 210 + 10,
      top: 300,
      width: 180,
      height: 50,
      right: column * 210 + 190,
      bottom: 350,
    },
    droppableRects: rects,
    droppableContainers: { getEnabled: () => containers },
  } as unknown as SensorContext;
}

const press = (code: string) => new KeyboardEvent('keydown', { code, cancelable: true });
const move = (code: string, column: number) =>
  columnKeyboardCoordinates(press(code), {
    active: 'a',
    currentCoordinates: { x: 1000, y: 1000 },
    context: context(column),
  });

describe('the board keyboard', () => {
  it('moves a card to the centre of the next or previous column, just under its header', () => {
    // From the middle column: centres are 100, 310, 520; the card's centre is at 310.
    expect(move('ArrowRight', 1)).toEqual({ x: 1000 + 210, y: 1000 + (148 - 300) });
    expect(move('ArrowLeft', 1)).toEqual({ x: 1000 - 210, y: 1000 + (148 - 300) });
  });

  it('goes no further than the first and last columns', () => {
    expect(move('ArrowLeft', 0)).toBeUndefined();
    expect(move('ArrowRight', 2)).toBeUndefined();
  });

  it('ignores up, down and other keys (a column is sorted by last change, not by hand)', () => {
    const down = press('ArrowDown');
    expect(
      columnKeyboardCoordinates(down, {
        active: 'a',
        currentCoordinates: { x: 0, y: 0 },
        context: context(1),
      }),
    ).toBeUndefined();
    expect(down.defaultPrevented).toBe(true);
    expect(move('KeyA', 1)).toBeUndefined();
  });
});
