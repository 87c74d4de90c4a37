import { Alert, Box, Button, Center, Spinner, Stack, VisuallyHidden } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { CatalogueItem } from '@shared/api/catalogue.schema';
import { useCatalogue } from '@renderer/shared/api/catalogue';
import { CATALOGUE_ERROR, CatalogueGroup } from '@renderer/shared/ui/catalogue-card';
import { DialogShell } from '@renderer/shared/ui/dialog-shell';

function AddButton({
  item,
  onAdd,
  disabled,
}: {
  item: CatalogueItem;
  onAdd: (item: CatalogueItem) => Promise<void>;
  disabled: boolean;
}) {
  const [adding, setAdding] = useState(false);
  const add = async () => {
    setAdding(true);
    try {
      await onAdd(item);
    } finally {
      setAdding(false);
    }
  };
  return (
    <Button size="lg" colorPalette="brand" loading={adding} disabled={disabled} onClick={() => void add()}>
      <Plus aria-hidden />
      Ajouter <VisuallyHidden>{item.name}</VisuallyHidden>
    </Button>
  );
}

/** The catalogue modal of a day (SPEC.md §2): activities and services the organizer can add. */
export function CatalogueDialog({
  dayTitle,
  open,
  onClose,
  onAdd,
  busy,
}: {
  dayTitle: string;
  open: boolean;
  onClose: () => void;
  onAdd: (item: CatalogueItem) => Promise<void>;
  busy: boolean;
}) {
  const activities = useCatalogue('activities');
  const services = useCatalogue('services');
  const isError = activities.isError || services.isError;
  const isPending = activities.isPending || services.isPending;
  const action = (item: CatalogueItem) => <AddButton item={item} onAdd={onAdd} disabled={busy} />;

  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => !next && onClose()}
      size="lg"
      title="Ajouter une activité ou un service"
      description={dayTitle}
      cancelLabel="Fermer"
      closeLabel="Fermer le catalogue"
      closeSize="lg"
    >
      {isPending ? (
        <Center py="10" role="status">
          <Spinner size="lg" color="brand.solid" aria-hidden />
          <VisuallyHidden>Chargement du catalogue…</VisuallyHidden>
        </Center>
      ) : isError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{CATALOGUE_ERROR}</Alert.Title>
        </Alert.Root>
      ) : (
        <Stack gap="6">
          <CatalogueGroup id="catalogue-activity" title="Activités" items={activities.data} action={action} />
          <CatalogueGroup id="catalogue-service" title="Services" items={services.data} action={action} />
          {activities.data.length + services.data.length === 0 && (
            <Box color="fg.muted">Le catalogue est vide pour le moment.</Box>
          )}
        </Stack>
      )}
    </DialogShell>
  );
}
