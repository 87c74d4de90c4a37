import { Box, Flex, Table, Text } from '@chakra-ui/react';
import { tableSlotRecipe } from '@chakra-ui/react/theme';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { z } from 'zod';
import type { weeklyStat } from '@shared/api/staff.schema';
import { formatEuros } from '@renderer/shared/format/format';
import { formatDay } from '../ui/format-day';

type WeeklyStat = z.infer<typeof weeklyStat>;

/** The drawing's width before the box is measured (and in tests without layout). */
const DEFAULT_WIDTH = 640;
const HEIGHT = 200;
/** 12 px on screen: the drawing's units are pixels (its viewBox is the width it is given). */
const FONT_SIZE = 12;
/** The room a week's label ('24/11' at 12 px) needs, so that labels never run into each other. */
const LABEL_ROOM = 44;
const BAR = 'var(--chakra-colors-brand-400)';
const LINE = 'var(--chakra-colors-accent-600)';
const PAD = { top: 12, right: 56, bottom: 28, left: 32 };

/** A round upper bound for an axis: 1, 2, 5 × 10ⁿ. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((step) => step * power >= value) ?? 10) * power;
}

/** Which weeks carry a label: every one when there is room, every 2nd, 3rd… on a phone. */
export function labelEvery(step: number): number {
  return Math.max(1, Math.ceil(LABEL_ROOM / Math.max(1, step)));
}

/** The element's width in pixels, followed as it changes (rotation, resized window). */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const measured = Math.floor(element.getBoundingClientRect().width);
      // Below 240 px the drawing scales down rather than squeezing its axes to nothing.
      if (measured > 0) setWidth(Math.max(240, measured));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * Requests per week (bars, left axis) and confirmed revenue (line, right axis), in plain SVG.
 * The figure is an image for sighted users; the same numbers are in a table for screen readers.
 * It is drawn for the width it has, one unit a pixel: a fixed drawing scaled down to a phone's
 * width made its 11 px labels 6 px tall.
 */
export function WeeklyChart({ weeks }: { weeks: WeeklyStat[] }) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const innerW = width - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const maxRequests = niceMax(Math.max(0, ...weeks.map((week) => week.requests)));
  const maxRevenue = niceMax(Math.max(0, ...weeks.map((week) => week.confirmedRevenue)));
  const step = innerW / Math.max(1, weeks.length);
  const every = labelEvery(step);
  const x = (index: number) => PAD.left + step * index + step / 2;
  const yRequests = (value: number) => PAD.top + innerH - (value / maxRequests) * innerH;
  const yRevenue = (value: number) => PAD.top + innerH - (value / maxRevenue) * innerH;
  const line = weeks
    .map((week, index) => `${index === 0 ? 'M' : 'L'}${x(index)},${yRevenue(week.confirmedRevenue)}`)
    .join(' ');
  const compactEuros = new Intl.NumberFormat('fr-FR', { notation: 'compact', style: 'currency', currency: 'EUR' });

  return (
    <Box maxW="3xl" ref={box}>
      <Flex gap="4" fontSize="sm" mb="2" wrap="wrap" aria-hidden>
        <Flex align="center" gap="1">
          <Box w="3" h="3" bg="brand.400" rounded="sm" /> Demandes reçues
        </Flex>
        <Flex align="center" gap="1">
          <Box w="4" h="0.5" bg="accent.600" /> Chiffre d’affaires confirmé
        </Flex>
      </Flex>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        style={{ width: '100%', height: 'auto', fontSize: `${FONT_SIZE}px` }}
        role="img"
        aria-label="Demandes et chiffre d’affaires confirmé par semaine (détail dans le tableau)"
      >
        <line
          x1={PAD.left}
          x2={width - PAD.right}
          y1={PAD.top + innerH}
          y2={PAD.top + innerH}
          stroke="currentColor"
          strokeOpacity={0.3}
        />
        <text x={PAD.left - 4} y={PAD.top + 4} textAnchor="end" fill="currentColor">
          {maxRequests}
        </text>
        <text x={width - PAD.right + 4} y={PAD.top + 4} fill="currentColor">
          {compactEuros.format(maxRevenue)}
        </text>
        {weeks.map((week, index) => (
          <g key={week.weekStart}>
            <rect
              x={x(index) - step * 0.3}
              width={step * 0.6}
              y={yRequests(week.requests)}
              height={PAD.top + innerH - yRequests(week.requests)}
              fill={BAR}
            />
            {index % every === 0 && (
              <text x={x(index)} y={HEIGHT - 8} textAnchor="middle" fill="currentColor">
                {formatDay(week.weekStart).slice(0, 5)}
              </text>
            )}
          </g>
        ))}
        <path d={line} fill="none" stroke={LINE} strokeWidth={2} />
        {weeks.map((week, index) => (
          <circle key={week.weekStart} cx={x(index)} cy={yRevenue(week.confirmedRevenue)} r={3} fill={LINE} />
        ))}
      </svg>
      <Box srOnly>
        <Table.Root recipe={tableSlotRecipe} size="sm">
          <Table.Caption>Demandes et chiffre d’affaires confirmé par semaine</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Semaine du</Table.ColumnHeader>
              <Table.ColumnHeader>Demandes</Table.ColumnHeader>
              <Table.ColumnHeader>Confirmées</Table.ColumnHeader>
              <Table.ColumnHeader>Chiffre d’affaires confirmé</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {weeks.map((week) => (
              <Table.Row key={week.weekStart}>
                <Table.Cell>{formatDay(week.weekStart)}</Table.Cell>
                <Table.Cell>{week.requests}</Table.Cell>
                <Table.Cell>{week.confirmed}</Table.Cell>
                <Table.Cell>{formatEuros(week.confirmedRevenue)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <Text fontSize="xs" color="fg.muted" mt="1">
        Les 12 dernières semaines (du lundi au dimanche).
      </Text>
    </Box>
  );
}
