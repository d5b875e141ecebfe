import { fetchVideos } from '../../api/content';
import { Page } from '../../components/page';
import { Spinner } from '../../components/spinner';
import { localize } from '../../i18n/core';
import { tPages as t } from '../../i18n/en/pages';
import { useNetwork } from '../../lib/network';
import { useRead } from '../../lib/use-read';
import './info.css';

/** How To Play: one 16:9 embedded player with title and description per video. */
export function HowToPlayPage() {
  const videos = useRead({ store: 'videos', fetch: fetchVideos });
  // Offline the embedded player would show the browser's own error page: say it plays once online.
  const offline = useNetwork((s) => s.offline);
  return (
    <Page title={t('howToPlay')}>
      {videos.data === null && videos.loading ? <Spinner label={t('loadingVideos')} /> : null}
      {videos.data === null && videos.error ? (
        <div className="error-box" role="alert">
          {t('error')} {localize(videos.error.message)}
        </div>
      ) : null}
      {videos.data?.map((v) => (
        <article key={v._id} className="card video-card">
          <div className="video-frame">
            {offline ? (
              <p className="video-offline">{t('videoOffline')}</p>
            ) : (
              <iframe
                src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(v.youtubeId)}`}
                title={v.title}
                loading="lazy"
                allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
                allowFullScreen
              />
            )}
          </div>
          <h2>{v.title}</h2>
          {v.description ? <p className="preline">{v.description}</p> : null}
        </article>
      ))}
    </Page>
  );
}
