import { Component, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router-dom';
import { ErrorScreen } from './error-screen';

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}

interface BoundaryState {
  caught: { error: unknown } | null;
  location: Location;
}

class LocationErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  constructor(props: BoundaryProps) {
    super(props);
    this.state = { caught: null, location: props.location };
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // Another address leaves the error behind (the back button shows the previous page again).
    return props.location === state.location ? null : { caught: null, location: props.location };
  }

  override render() {
    return this.state.caught ? <ErrorScreen error={this.state.caught.error} /> : this.props.children;
  }
}

/**
 * Shows ErrorScreen in place of a route that fails to render (a page chunk that does not load,
 * a rendering error), until the next navigation. The app's routes are declarative (useRoutes:
 * no `errorElement`, which only a data router renders; docs/decisions.md, performance rule 4).
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <LocationErrorBoundary location={location}>{children}</LocationErrorBoundary>;
}
