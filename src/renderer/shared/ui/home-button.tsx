import { Button } from '@chakra-ui/react';
import { Home } from 'lucide-react';
import { RouterLink } from './router-link';

/** 'Retour à l'accueil', the way out of an end or error screen. */
export function HomeButton() {
  return (
    <Button asChild variant="outline" size="lg">
      <RouterLink to="/">
        <Home aria-hidden />
        Retour à l'accueil
      </RouterLink>
    </Button>
  );
}
