import {
  Badge,
  Button,
  Center,
  CloseButton,
  Dialog,
  Heading,
  HStack,
  List,
  Portal,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Check, Clock, Plus } from 'lucide-react';
import type { CatalogueItem } from '@shared/api/catalogue.schema';
import { CATEGORY_COLORS, CATEGORY_LABELS } from '@shared/labels';
import { formatDuration } from '../../shared/format/format';
import { CatalogueImage } from './catalogue-image';
import type { WizardCatalogue } from './use-wizard-lines';
import type { DraftLine } from './wizard-draft';
import { priceLabel } from './wizard-ui';

type Kind = DraftLine['kind'];

function CatalogueEntry({
  item,
  kind,
  alreadyAdded,
  onAdd,
}: {
  item: CatalogueItem;
  kind: Kind;
  alreadyAdded: boolean;
  onAdd: () => void;
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
      <CatalogueImage item={item} size={{ base: '20', sm: '32' }} />
      <Stack gap="2" flex="1" minW="0">
        <HStack gap="2" flexWrap="wrap">
          <Text fontWeight="bold">{item.name}</Text>
          <Badge colorPalette={CATEGORY_COLORS[item.category]}>{CATEGORY_LABELS[item.category]}</Badge>
        </HStack>
        {item.description && (
          <Text fontSize="sm" color="fg.muted" lineClamp={3}>
            {item.description}
          </Text>
        )}
        <HStack gap="4" flexWrap="wrap" justify="space-between">
          <HStack gap="4" flexWrap="wrap">
            {kind === 'activity' && item.availability.duration !== null && (
              <HStack gap="1" fontSize="sm" color="fg.muted">
                <Clock aria-hidden size={16} />
                <Text>
                  <Text as="span" srOnly>
                    {'Durée : '}
                  </Text>
                  {formatDuration(item.availability.duration)}
                </Text>
              </HStack>
            )}
            <Text fontWeight="semibold" color="brand.fg">
              {priceLabel(item.pricing)}
            </Text>
          </HStack>
          {alreadyAdded ? (
            <Button size="lg" variant="subtle" disabled aria-label={`${item.name} : déjà ajouté(e) à cette journée`}>
              <Check aria-hidden />
              Déjà ajouté(e)
            </Button>
          ) : (
            <Button size="lg" colorPalette="brand" onClick={onAdd} aria-label={`Ajouter ${item.name}`}>
              <Plus aria-hidden />
              Ajouter
            </Button>
          )}
        </HStack>
      </Stack>
    </List.Item>
  );
}

function CatalogueGroup({
  title,
  emptyText,
  items,
  kind,
  added,
  onAdd,
}: {
  title: string;
  emptyText: string;
  items: CatalogueItem[];
  kind: Kind;
  added: ReadonlySet<string>;
  onAdd: (item: CatalogueItem, kind: Kind) => void;
}) {
  const id = `catalogue-${kind}`;
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
            <CatalogueEntry
              key={item._id}
              item={item}
              kind={kind}
              alreadyAdded={added.has(`${kind}:${item._id}`)}
              onAdd={() => onAdd(item, kind)}
            />
          ))}
        </List.Root>
      )}
    </Stack>
  );
}

/** The catalogue modal of step 2: Activités, then Services (SPEC.md §2). */
export function CatalogueDialog({
  dayLabel,
  catalogue,
  added,
  onAdd,
  onClose,
}: {
  /** The day being filled, or null when the dialog is closed. */
  dayLabel: string | null;
  catalogue: WizardCatalogue;
  /** 'activity:id' / 'service:id' already on that day. */
  added: ReadonlySet<string>;
  onAdd: (item: CatalogueItem, kind: Kind) => void;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open={dayLabel !== null}
      onOpenChange={(change) => {
        if (!change.open) onClose();
      }}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pe="14">
              <Dialog.Title>Ajouter une activité ou un service</Dialog.Title>
              <Dialog.Description color="fg.muted">{dayLabel}</Dialog.Description>
            </Dialog.Header>
            <Dialog.Body>
              {catalogue.isLoading ? (
                <Center py="10" role="status" aria-label="Chargement du catalogue">
                  <Spinner size="lg" color="brand.solid" />
                </Center>
              ) : (
                <Stack gap="8">
                  <CatalogueGroup
                    title="Activités"
                    emptyText="Aucune activité disponible pour le moment."
                    items={catalogue.activities}
                    kind="activity"
                    added={added}
                    onAdd={onAdd}
                  />
                  <CatalogueGroup
                    title="Services"
                    emptyText="Aucun service disponible pour le moment."
                    items={catalogue.services}
                    kind="service"
                    added={added}
                    onAdd={onAdd}
                  />
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton aria-label="Fermer" size="lg" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
