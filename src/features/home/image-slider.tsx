import { useEffect, useState } from 'react';
import type { Slider } from '../../api/types';
import { LeftIcon, RightIcon } from '../../components/icons';
import { tHome as t } from '../../i18n/en/home';

const SLIDE_MS = 5000;

/**
 * The home image slider: auto-advances every 5 s, with previous/next buttons and dots. Each slide
 * shows the caption the operator wrote for that picture, in the player's language (the server
 * answers it); a picture without one shows none.
 */
export function ImageSlider({ slides }: { slides: Slider[] }) {
  const [index, setIndex] = useState(0);
  const count = slides.length;

  useEffect(() => {
    if (count < 2) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % count), SLIDE_MS);
    return () => clearInterval(id);
  }, [count]);

  if (count === 0) return null;
  const current = index % count;
  const go = (i: number) => setIndex((i + count) % count);

  return (
    <section className="slider" aria-roledescription="carousel" aria-label={t('highlights')}>
      <div className="slider-track" style={{ transform: `translateX(-${current * 100}%)` }}>
        {slides.map((s, i) => (
          <figure key={s._id} className="slide" aria-hidden={i !== current}>
            <img
              src={s.imageUrl}
              alt={s.caption || t('highlights')}
              loading={i === 0 ? 'eager' : 'lazy'}
              // The first slide is home's largest paint: ask for it ahead of the chunks and reads
              // that load beside it.
              fetchPriority={i === 0 ? 'high' : 'auto'}
            />
            {s.caption ? <figcaption>{s.caption}</figcaption> : null}
          </figure>
        ))}
      </div>
      <button
        type="button"
        className="slider-nav prev"
        aria-label={t('previousSlide')}
        onClick={() => go(current - 1)}
      >
        <LeftIcon size={18} />
      </button>
      <button
        type="button"
        className="slider-nav next"
        aria-label={t('nextSlide')}
        onClick={() => go(current + 1)}
      >
        <RightIcon size={18} />
      </button>
      <div className="slider-dots">
        {slides.map((s, i) => (
          <button
            key={s._id}
            type="button"
            className={`dot${i === current ? ' active' : ''}`}
            aria-label={t('goToSlide', { n: i + 1 })}
            aria-current={i === current}
            onClick={() => go(i)}
          />
        ))}
      </div>
    </section>
  );
}
