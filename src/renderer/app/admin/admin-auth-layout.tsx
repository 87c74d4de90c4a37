import { Box, Flex, Link, Text } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';
import { RouterLink } from '@renderer/shared/ui/router-link';
import { DesktopShellLoader } from '../kiosk/desktop-shell-loader';

/** Login and first-admin setup: a plain frame, no back-office navigation. */
export function AdminAuthLayout() {
  return (
    <Flex direction="column" minH="100dvh" bg="bg.muted">
      <Flex as="header" px="4" py="3" justify="space-between" align="center" bg="bg" borderBottomWidth="1px">
        <Text fontFamily="heading" fontWeight="bold" color="brand.fg">
          Parc Aventure · Espace équipe
        </Text>
        <Link asChild fontSize="sm" color="brand.fg">
          <RouterLink to="/">Retour au site</RouterLink>
        </Link>
      </Flex>
      <Box as="main" id="contenu" flex="1">
        <Outlet />
      </Box>
      {/* Deep links and the desktop menu's Accueil keep working from the back-office. */}
      <DesktopShellLoader />
    </Flex>
  );
}
