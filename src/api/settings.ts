import { getData } from './get';
import type { AppLink, Contact, Maintenance, RequiredUpdate } from './types';

export const MAINTENANCE_FAILED = 'Failed to fetch maintenance status';

export function fetchMaintenance(): Promise<Maintenance> {
  return getData('status', MAINTENANCE_FAILED);
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
