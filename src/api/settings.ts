import { getData } from './get';
import type { AppLink, Contact, Maintenance, RequiredUpdate, ServerConfig } from './types';

export const MAINTENANCE_FAILED = 'Failed to fetch maintenance status';

export function fetchMaintenance(): Promise<Maintenance> {
  return getData('status', MAINTENANCE_FAILED);
}

/** The server's configuration, the market time zone among it. */
export function fetchServerConfig(): Promise<ServerConfig> {
  return getData('config', 'Failed to load server configuration');
}

export function fetchContact(): Promise<Contact> {
  return getData('admin/contact', 'Failed to load contact details');
}

export function fetchAppLink(): Promise<AppLink> {
  return getData('admin/app-link', 'Failed to load app link');
}

export function fetchRequiredUpdate(): Promise<RequiredUpdate> {
  return getData('admin/required-update', 'Failed to load app settings');
}
