/** Pure layout of a day's time slots on an hour axis (the planner's timeline). */

export interface TimedSlot {
  startTime: string;
  endTime: string;
}

export function toMinutes(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/** Whole hours around every slot of the day, at least a 4-hour window so short days stay readable. */
export function dayRange(slots: readonly TimedSlot[]): { start: number; end: number } {
  if (slots.length === 0) return { start: 9 * 60, end: 18 * 60 };
  const start = Math.floor(Math.min(...slots.map((slot) => toMinutes(slot.startTime))) / 60) * 60;
  const end = Math.ceil(Math.max(...slots.map((slot) => toMinutes(slot.endTime))) / 60) * 60;
  return { start, end: Math.max(end, start + 4 * 60) };
}

export interface PlacedSlot<T extends TimedSlot> {
  slot: T;
  /** Percent of the range from its start. */
  left: number;
  width: number;
  /** Overlapping slots go on separate lanes (0, 1, …). */
  lane: number;
}

/** Slots by start time, each on the first lane free at its start. */
export function placeSlots<T extends TimedSlot>(
  slots: readonly T[],
  range = dayRange(slots),
): { placed: PlacedSlot<T>[]; lanes: number } {
  const span = range.end - range.start;
  const laneEnds: number[] = [];
  const placed = [...slots]
    .sort((a, b) => toMinutes(a.startTime) - toMinutes(b.startTime))
    .map((slot) => {
      const start = toMinutes(slot.startTime);
      const end = toMinutes(slot.endTime);
      let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
      if (lane === -1) lane = laneEnds.push(end) - 1;
      else laneEnds[lane] = end;
      return { slot, left: ((start - range.start) / span) * 100, width: ((end - start) / span) * 100, lane };
    });
  return { placed, lanes: Math.max(1, laneEnds.length) };
}

export function hourMarks(range: { start: number; end: number }): number[] {
  const marks: number[] = [];
  for (let minute = range.start; minute <= range.end; minute += 60) marks.push(minute / 60);
  return marks;
}
