import { Badge, Heading, HStack, List, Stack, Text, type SystemStyleObject } from '@chakra-ui/react';
import { __iconData as clockIcon } from 'lucide-react/icons/clock';
import { LineIcon } from './line-icon';
import type { ReactNode } from 'react';
import type { CatalogueItem } from '@shared/api/catalogue.schema';
import { CATEGORY_COLORS, CATEGORY_LABELS } from '@shared/labels';
import { mediaUrl } from '../api/media-url';
import { formatDuration, formatEuros } from '../format/format';
import { CataloguePicture } from './catalogue-picture';

/** The catalogue's load failure (SPEC.md §8), said by every screen that lists it. */
export const CATALOGUE_ERROR = 'Erreur lors du chargement des activités et services';

/** '25,00 € / personne' or '150,00 € (forfait)' everywhere a price shows (docs/decisions.md, "Catalogue cards"). */
export function priceLabel(pricing: { basePrice: number; pricingType: string }): string {
  return pricing.pricingType === 'per_person'
    ? `${formatEuros(pricing.basePrice)} / personne`
    : `${formatEuros(pricing.basePrice)} (forfait)`;
}

/** The default picture, then the item's main image, then any picture (docs/decisions.md, "Catalogue cards"). */
export function pictureOf(item: {
  images: readonly { url: string; isDefault: boolean }[];
  image?: string | null;
}): string | undefined {
  return mediaUrl(item.images.find((image) => image.isDefault)?.url ?? item.image ?? item.images[0]?.url);
}

export function CategoryBadge({ category }: { category: string }) {
  const key = category as keyof typeof CATEGORY_LABELS;
  return (
    <Badge colorPalette={CATEGORY_COLORS[key] ?? 'gray'} variant="subtle">
      {CATEGORY_LABELS[key] ?? category}
    </Badge>
  );
}

/** An activity's duration with its clock, read out as 'Durée : 1 h 30'. */
export function DurationText({ minutes, iconSize = 16 }: { minutes: number; iconSize?: number }) {
  return (
    <HStack gap="1" fontSize="sm" color="fg.muted">
      <LineIcon icon={clockIcon} aria-hidden size={iconSize} />
      <Text as="span" srOnly>
        {'Durée : '}
      </Text>
      <Text as="span">{formatDuration(minutes)}</Text>
    </HStack>
  );
}

/** One catalogue item as the customer sees it (SPEC.md §2: image, name, description, duration, price). */
export function CatalogueCard({
  item,
  action,
  pictureWidth = { base: '20', sm: '32' },
}: {
  item: CatalogueItem;
  /** What the card offers (an add button). */
  action: ReactNode;
  pictureWidth?: SystemStyleObject['width'];
}) {
  return (
    <List.Item
      display="flex"
      gap={{ base: '3', sm: '4' }}
      p="3"
      borderWidth="1px"
      rounded="lg"
      data-testid="catalogue-entry"
    >
      <CataloguePicture src={pictureOf(item)} category={item.category} width={pictureWidth} />
      <Stack gap="2" flex="1" minW="0">
        <HStack gap="2" flexWrap="wrap">
          <Heading as="h4" size="sm">
            {item.name}
          </Heading>
          <CategoryBadge category={item.category} />
        </HStack>
        {item.description && (
          <Text fontSize="sm" color="fg.muted" lineClamp={3}>
            {item.description}
          </Text>
        )}
        <HStack gap="4" flexWrap="wrap" justify="space-between">
          <HStack gap="4" flexWrap="wrap">
            {item.kind === 'activity' && item.availability.duration !== null && (
              <DurationText minutes={item.availability.duration} />
            )}
            <Text fontWeight="semibold" color="brand.fg">
              {priceLabel(item.pricing)}
            </Text>
          </HStack>
          {action}
        </HStack>
      </Stack>
    </List.Item>
  );
}

/** A titled group of catalogue cards (Activités, Services), a region named by its heading. */
export function CatalogueGroup({
  id,
  title,
  items,
  emptyText,
  action,
}: {
  id: string;
  title: string;
  items: readonly CatalogueItem[];
  /** Said when the group is empty; without it an empty group is not shown. */
  emptyText?: string;
  action: (item: CatalogueItem) => ReactNode;
}) {
  if (items.length === 0 && !emptyText) return null;
  return (
    <Stack as="section" aria-labelledby={id} gap="3">
      <Heading as="h3" id={id} size="lg">
        {title}
      </Heading>
      {items.length === 0 ? (
        <Text color="fg.muted">{emptyText}</Text>
      ) : (
        <List.Root listStyle="none" gap="3">
          {items.map((item) => (
            <CatalogueCard key={item._id} item={item} action={action(item)} />
          ))}
        </List.Root>
      )}
    </Stack>
  );
}
