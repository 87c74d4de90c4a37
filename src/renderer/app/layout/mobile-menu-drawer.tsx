import { Box, Button, Drawer, IconButton, Portal, Stack, Text } from '@chakra-ui/react';
import { drawerSlotRecipe } from '@chakra-ui/react/theme';
import { X } from 'lucide-react';
import { RouterLink } from '@renderer/shared/ui/router-link';
import { useLogout } from '@renderer/shared/session/use-logout';
import { useSession } from '@renderer/shared/session/use-session';
import { NAV_LINKS } from './nav-links';

interface MobileMenuDrawerProps {
  open: boolean;
  onClose: () => void;
  /** Focus goes back to the button that opened the menu. */
  trigger: () => HTMLElement | null;
}

/** The phone menu (SPEC.md §2), loaded on its first opening (out of the first render: docs/decisions.md, performance rule 2). */
export function MobileMenuDrawer({ open, onClose, trigger }: MobileMenuDrawerProps) {
  const { isAuthenticated, user } = useSession();
  const logout = useLogout();
  const close = onClose;
  const itemProps = {
    asChild: true,
    justifyContent: 'flex-start',
    size: 'lg',
    variant: 'ghost',
    width: 'full',
    onClick: close,
  } as const;
  return (
    <Drawer.Root
      recipe={drawerSlotRecipe}
      open={open}
      onOpenChange={(event) => !event.open && close()}
      placement="end"
      finalFocusEl={trigger}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack as="nav" aria-label="Menu principal mobile" gap="1">
                {NAV_LINKS.map((link) => (
                  <Button key={link.to} {...itemProps}>
                    <RouterLink to={link.to}>{link.label}</RouterLink>
                  </Button>
                ))}
                <Box borderTopWidth="1px" my="2" />
                {isAuthenticated && user ? (
                  <>
                    <Text px="4" color="fg.muted" fontSize="sm">
                      Connecté : {user.firstName}
                    </Text>
                    <Button {...itemProps}>
                      <RouterLink to="/profile">Mon profil</RouterLink>
                    </Button>
                    <Button
                      justifyContent="flex-start"
                      size="lg"
                      variant="ghost"
                      width="full"
                      onClick={() => {
                        close();
                        void logout();
                      }}
                    >
                      Déconnexion
                    </Button>
                  </>
                ) : (
                  <>
                    <Button {...itemProps}>
                      <RouterLink to="/login">Connexion</RouterLink>
                    </Button>
                    <Button {...itemProps}>
                      <RouterLink to="/register">Inscription</RouterLink>
                    </Button>
                  </>
                )}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <IconButton
                aria-label="Fermer le menu"
                variant="ghost"
                size="md"
                position="absolute"
                top="3"
                insetEnd="3"
              >
                <X />
              </IconButton>
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
