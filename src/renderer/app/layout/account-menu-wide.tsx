import { Button, Menu } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-ui/react/theme';
import { ChevronDown } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useLogout } from '@renderer/shared/session/use-logout';

/** The logged-in customer's menu, from `md` up (./account-menu.tsx loads it there only). */
export function AccountMenuWide({ firstName }: { firstName: string }) {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    // Not portalled: the menu stays inside the header's landmark (axe's 'region' rule).
    <Menu.Root recipe={menuSlotRecipe} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="outline" colorPalette="brand" size="sm">
          {firstName}
          <ChevronDown aria-hidden />
        </Button>
      </Menu.Trigger>
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
    </Menu.Root>
  );
}
