import {
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  type PointerSensorOptions,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { addDays } from '@reformer/domain/calendar-dates';
import type { PointerEvent } from 'react';
import { SLOT_HEIGHT_PX, SLOT_MINUTES } from './week-grid-layout.ts';

/** Each day column of the week grid is a drop target; the time comes from how far the session moved. */
export function dayColumnId(date: string): string {
  return `day:${date}`;
}

export function dateOfColumn(id: string | number | undefined): string | null {
  return typeof id === 'string' && id.startsWith('day:') ? id.slice(4) : null;
}

/** Minutes a vertical move of `pixels` stands for, in steps of a quarter of an hour. */
export function minutesMoved(pixels: number): number {
  return Math.round(((pixels / SLOT_HEIGHT_PX) * SLOT_MINUTES) / 15) * 15;
}

/**
 * The mouse and the pen drag after moving a few pixels, so a click still opens the session. Touch is left
 * to the TouchSensor, which waits for a press: a quick swipe must scroll the page, not move a class.
 */
class MouseAndPenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent: event }: PointerEvent, { onActivation }: PointerSensorOptions) => {
        if (!event.isPrimary || event.button !== 0 || event.pointerType === 'touch') return false;
        onActivation?.({ event });
        return true;
      },
    },
  ];
}

/** The column under the dragged session's horizontal centre. */
export const columnUnderSession: CollisionDetection = ({
  collisionRect,
  droppableRects,
  droppableContainers,
}) => {
  const x = collisionRect.left + collisionRect.width / 2;
  for (const container of droppableContainers) {
    const rect = droppableRects.get(container.id);
    if (rect && x >= rect.left && x < rect.left + rect.width) {
      return [{ id: container.id, data: { droppableContainer: container, value: 0 } }];
    }
  }
  return [];
};

/** Arrow keys move by half an hour (up, down) or by a day (left, right). */
const slotKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const { over, droppableRects } = context;
  switch (event.code) {
    case 'ArrowUp':
      return { ...currentCoordinates, y: currentCoordinates.y - SLOT_HEIGHT_PX };
    case 'ArrowDown':
      return { ...currentCoordinates, y: currentCoordinates.y + SLOT_HEIGHT_PX };
    case 'ArrowLeft':
    case 'ArrowRight': {
      const date = dateOfColumn(over?.id);
      if (!date || !over) return currentCoordinates;
      const next = droppableRects.get(dayColumnId(addDays(date, event.code === 'ArrowLeft' ? -1 : 1)));
      const current = droppableRects.get(over.id);
      if (!next || !current) return currentCoordinates;
      return { ...currentCoordinates, x: currentCoordinates.x + next.left - current.left };
    }
    default:
      return undefined;
  }
};

export function useWeekSensors() {
  return useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: slotKeyboardCoordinates,
      // Space picks up and drops (Enter also drops); Tab or Escape puts the session back.
      keyboardCodes: { start: ['Space'], cancel: ['Escape', 'Tab'], end: ['Space', 'Enter'] },
    }),
  );
}
