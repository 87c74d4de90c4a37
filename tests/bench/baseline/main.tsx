// The floor the product's first route is compared with (STACK.md "Bundle floor"): React,
// react-router, TanStack Query and Chakra UI v3 rendering a Button, a Heading and a Link.
import { Button, ChakraProvider, defaultSystem, Heading, Link } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

const router = createBrowserRouter([
  {
    path: '/',
    element: (
      <>
        <Heading>Parc</Heading>
        <Button>Réserver</Button>
        <Link href="/contact">Contact</Link>
      </>
    ),
  },
]);

createRoot(document.getElementById('root')!).render(
  <ChakraProvider value={defaultSystem}>
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </ChakraProvider>,
);
