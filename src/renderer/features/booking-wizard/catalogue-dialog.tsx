import { Button, Center, Spinner, Stack } from '@chakra-ui/react';
import { Check, Plus } from 'lucide-react';
import type { CatalogueItem } from '@shared/api/catalogue.schema';
import { CatalogueGroup } from '@renderer/shared/ui/catalogue-card';
import { DialogShell } from '@renderer/shared/ui/dialog-shell';
import type { WizardCatalogue } from './use-wizard-lines';
import type { DraftLine } from './wizard-draft';

type Kind = DraftLine['kind'];

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
  const action = (item: CatalogueItem) =>
    added.has(`${item.kind}:${item._id}`) ? (
      <Button size="lg" variant="subtle" disabled aria-label={`${item.name} : déjà ajouté(e) à cette journée`}>
        <Check aria-hidden />
        Déjà ajouté(e)
      </Button>
    ) : (
      <Button size="lg" colorPalette="brand" onClick={() => onAdd(item, item.kind)} aria-label={`Ajouter ${item.name}`}>
        <Plus aria-hidden />
        Ajouter
      </Button>
    );

  return (
    <DialogShell
      open={dayLabel !== null}
      onOpenChange={(next) => !next && onClose()}
      size="xl"
      title="Ajouter une activité ou un service"
      description={dayLabel}
      closeSize="lg"
    >
      {catalogue.isLoading ? (
        <Center py="10" role="status" aria-label="Chargement du catalogue">
          <Spinner size="lg" color="brand.solid" />
        </Center>
      ) : (
        <Stack gap="8">
          <CatalogueGroup
            id="catalogue-activity"
            title="Activités"
            emptyText="Aucune activité disponible pour le moment."
            items={catalogue.activities}
            action={action}
          />
          <CatalogueGroup
            id="catalogue-service"
            title="Services"
            emptyText="Aucun service disponible pour le moment."
            items={catalogue.services}
            action={action}
          />
        </Stack>
      )}
    </DialogShell>
  );
}
