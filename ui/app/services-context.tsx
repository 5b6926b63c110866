import { createContext, useContext, type ReactNode } from 'react';
import type { UiServices } from './services';

const ServicesContext = createContext<UiServices | undefined>(undefined);

/** Provides the services the composition root resolved, once, at the top of the tree. */
export function ServicesProvider(props: { services: UiServices; children: ReactNode }) {
  return (
    <ServicesContext.Provider value={props.services}>{props.children}</ServicesContext.Provider>
  );
}

export function useServices(): UiServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices must be used inside <ServicesProvider>');
  return services;
}
