import {
  Captions,
  FastForward,
  type LucideIcon,
  Maximize,
  Minimize,
  Pause,
  Play,
} from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import posterUrl from '../../assets/explainer/explainer-poster.webp';
import mp4Url from '../../assets/explainer/explainer.mp4';
import captionsUrl from '../../assets/explainer/explainer.en.vtt?url';
import webmUrl from '../../assets/explainer/explainer.webm';
import { formatTime, nextSpeed, skipForward, speedLabel } from './video-controls';

function ControlButton(props: {
  label: string;
  onClick: () => void;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={props.onClick}
      aria-label={props.label}
      aria-pressed={props.pressed}
      className="inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-[var(--radius-control)] px-2 text-sm font-semibold text-ink hover:bg-white/15"
    >
      {props.children}
    </button>
  );
}

const Icon = ({ as: Component }: { as: LucideIcon }) => (
  <Component className="h-5 w-5" aria-hidden="true" />
);

/**
 * The explainer video with our own controls (spec section 2): play/pause, forward 10 seconds,
 * speed 1x → 1.5x → 2x, captions and full screen. The element's state is the source of truth;
 * React mirrors it through media events.
 */
export function ExplainerVideo() {
  const frameRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [captionsOn, setCaptionsOn] = useState(true);
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frameRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  useEffect(() => {
    const track = videoRef.current?.textTracks[0];
    if (track) track.mode = captionsOn ? 'showing' : 'hidden';
  }, [captionsOn]);

  const video = () => videoRef.current;

  // The prerendered <video> may have loaded its metadata before React took the page over, in
  // which case loadedmetadata has already fired: read the length when the element is attached.
  const attachVideo = (element: HTMLVideoElement | null) => {
    videoRef.current = element;
    if (element && element.readyState >= HTMLMediaElement.HAVE_METADATA) {
      setDuration(element.duration);
    }
  };

  const togglePlay = () => {
    const element = video();
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };

  const forward = () => {
    const element = video();
    if (element) element.currentTime = skipForward(element.currentTime, element.duration);
  };

  const cycleSpeed = () => {
    const element = video();
    if (!element) return;
    // The element's ratechange event updates `speed`.
    element.playbackRate = nextSpeed(element.playbackRate);
  };

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frameRef.current?.requestFullscreen();
  };

  const progress = duration > 0 ? Math.min(100, (time / duration) * 100) : 0;

  return (
    <div
      ref={frameRef}
      className="glass overflow-hidden rounded-[var(--radius-card)] bg-night-950"
      data-fullscreen={fullscreen}
    >
      <video
        ref={attachVideo}
        className="aspect-video w-full bg-black"
        poster={posterUrl}
        preload="metadata"
        playsInline
        onClick={togglePlay}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
        onRateChange={(event) => setSpeed(event.currentTarget.playbackRate)}
        aria-label="StarPrep explainer video"
      >
        <source src={webmUrl} type="video/webm" />
        <source src={mp4Url} type="video/mp4" />
        <track kind="captions" src={captionsUrl} srcLang="en" label="English" default />
      </video>
      <div className="h-1 w-full bg-white/10" aria-hidden="true">
        {/* No style attribute in the prerendered HTML: the CSP allows none (style-src 'self'). */}
        <div
          className="accent-gradient h-full w-0"
          style={progress > 0 ? { width: `${progress}%` } : undefined}
        />
      </div>
      <div
        className="flex items-center gap-0.5 px-1 py-2 sm:gap-1 sm:px-2"
        role="group"
        aria-label="Video controls"
      >
        <ControlButton label={playing ? 'Pause video' : 'Play video'} onClick={togglePlay}>
          <Icon as={playing ? Pause : Play} />
        </ControlButton>
        <ControlButton label="Forward 10 seconds" onClick={forward}>
          <Icon as={FastForward} />
          <span aria-hidden="true">10s</span>
        </ControlButton>
        <ControlButton
          label={`Playback speed ${speedLabel(speed)}, change speed`}
          onClick={cycleSpeed}
        >
          <span className="tabular-nums">{speedLabel(speed)}</span>
        </ControlButton>
        <span className="hidden px-2 text-sm tabular-nums text-ink-muted sm:inline">
          {formatTime(time)} / {formatTime(duration)}
        </span>
        <span className="ml-auto" />
        <ControlButton
          label="Captions"
          pressed={captionsOn}
          onClick={() => setCaptionsOn((on) => !on)}
        >
          <Icon as={Captions} />
        </ControlButton>
        <ControlButton
          label={fullscreen ? 'Exit full screen' : 'Enter full screen'}
          onClick={toggleFullscreen}
        >
          <Icon as={fullscreen ? Minimize : Maximize} />
        </ControlButton>
      </div>
    </div>
  );
}
