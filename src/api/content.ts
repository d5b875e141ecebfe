import { getData } from './get';
import type { AppLogo, FooterLink, Notice, Slider, Video } from './types';

export const NOTICES_FAILED = 'Failed to fetch notices. Please try again later.';
export const APP_CONFIG_FAILED = 'Failed to fetch app configuration';

export function fetchSliders(): Promise<Slider[]> {
  return getData('admin/all-slider', 'Failed to load sliders');
}

export function fetchNotices(): Promise<Notice[]> {
  return getData('notices', NOTICES_FAILED);
}

export function fetchVideos(): Promise<Video[]> {
  return getData('videos', 'Failed to load videos');
}

export function fetchAppConfig(): Promise<AppLogo[]> {
  return getData('logo', APP_CONFIG_FAILED);
}

export function fetchFooterLinks(): Promise<FooterLink[]> {
  return getData('footer-links', APP_CONFIG_FAILED);
}
