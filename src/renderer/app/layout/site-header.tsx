import { Box, Button, Container, Drawer, Flex, HStack, IconButton, Link, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { ChevronDown, Menu as MenuIcon, Trees, X } from 'lucide-react';
import { useState } from 'react';
import { NavLink, Link as RouterLink, useNavigate } from 'react-router-dom';
import { useLogout } from '../../shared/session/use-logout';
import { useSession } from '../../shared/session/use-session';

const NAV_LINKS = [
  { to: '/', label: 'Accueil', end: true },
  { to: '/reservation', label: 'Réservation', end: false },
  { to: '/contact', label: 'Contact', end: false },
];

function Brand() {
  return (
    <Link asChild fontFamily="heading" fontWeight="800" fontSize={{ base: 'lg', md: 'xl' }} color="brand.fg" _hover={{ textDecoration: 'none' }}>
      <RouterLink to="/" aria-label="Parc Aventure, accueil">
        <Trees aria-hidden size={28} />
        <span>Parc Aventure</span>
      </RouterLink>
    </Link>
  );
}

function DesktopNav() {
  return (
    <HStack as="ul" gap="1" listStyleType="none" display={{ base: 'none', md: 'flex' }}>
      {NAV_LINKS.map((link) => (
        <li key={link.to}>
          <Link
            asChild
            px="3"
            py="2"
            rounded="md"
            fontWeight="semibold"
            color="fg"
            _hover={{ bg: 'brand.subtle', textDecoration: 'none' }}
            css={{ '&[aria-current=page]': { color: 'brand.fg', bg: 'brand.subtle' } }}
          >
            <NavLink to={link.to} end={link.end}>
              {link.label}
            </NavLink>
          </Link>
        </li>
      ))}
    </HStack>
  );
}

function AccountArea() {
  const { isAuthenticated, user } = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  if (isAuthenticated && user) {
    return (
      <Menu.Root positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <Button variant="outline" colorPalette="brand" size="sm" display={{ base: 'none', md: 'inline-flex' }}>
            {user.firstName}
            <ChevronDown aria-hidden />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="profile" onSelect={() => navigate('/dashboard')}>
                Mon profil
              </Menu.Item>
              <Menu.Item value="logout" onSelect={() => void logout()}>
                Déconnexion
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    );
  }
  return (
    <HStack gap="2" display={{ base: 'none', md: 'flex' }}>
      <Button asChild variant="ghost" colorPalette="brand" size="sm">
        <RouterLink to="/login">Connexion</RouterLink>
      </Button>
      <Button asChild colorPalette="brand" size="sm">
        <RouterLink to="/register">Inscription</RouterLink>
      </Button>
    </HStack>
  );
}

function MobileMenu() {
  const [open, setOpen] = useState(false);
  const { isAuthenticated, user } = useSession();
  const logout = useLogout();
  const close = () => setOpen(false);
  const itemProps = { asChild: true, justifyContent: 'flex-start', size: 'lg', variant: 'ghost', width: 'full', onClick: close } as const;
  return (
    <Drawer.Root open={open} onOpenChange={(event) => setOpen(event.open)} placement="end">
      <Drawer.Trigger asChild>
        <IconButton aria-label="Ouvrir le menu" variant="ghost" size="lg" display={{ base: 'inline-flex', md: 'none' }}>
          <MenuIcon />
        </IconButton>
      </Drawer.Trigger>
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
              <IconButton aria-label="Fermer le menu" variant="ghost" size="md" position="absolute" top="3" insetEnd="3">
                <X />
              </IconButton>
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

export function SiteHeader() {
  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px" shadow="xs">
      <Container maxW="7xl">
        <Flex as="nav" aria-label="Navigation principale" align="center" justify="space-between" minH="16" gap="4">
          <Brand />
          <DesktopNav />
          <HStack gap="2">
            <AccountArea />
            <MobileMenu />
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
