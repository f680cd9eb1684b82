import type { ReactNode } from 'react';

import type { SampleArtwork as ArtworkName } from '../sample-pbs';

/*
 * Stand-ins for a PB's photo, drawn in SVG: the app ships no stock photos and the page loads
 * nothing from other sites. Each fills its box (slice) like a cover photo would.
 */
export function SampleArtwork({ name }: { name: ArtworkName }) {
  switch (name) {
    case 'deadlift':
      return <DeadliftArtwork />;
    case 'run':
      return <RunArtwork />;
    case 'pull-ups':
      return <PullUpArtwork />;
  }
}

/**
 * The frame of every artwork: a 320x360 drawing that fills its box, on a diagonal three-colour
 * gradient (`art-<name>-bg`). `defs` adds the drawing's own gradients and patterns.
 */
function Artwork({
  name,
  colors,
  middle = 0.5,
  x2 = 1,
  defs,
  children,
}: {
  name: string;
  colors: readonly [string, string, string];
  /** Where the middle colour sits along the gradient. */
  middle?: number;
  /** How far across the gradient runs (down it always goes to the bottom). */
  x2?: number;
  defs?: ReactNode;
  children: ReactNode;
}) {
  const background = `art-${name}-bg`;
  return (
    <svg
      viewBox="0 0 320 360"
      preserveAspectRatio="xMidYMid slice"
      className="size-full"
      aria-hidden="true"
    >
      <defs>
        <linearGradient id={background} x1="0" y1="0" x2={x2} y2="1">
          {[0, middle, 1].map((offset, index) => (
            <stop key={offset} offset={offset} stopColor={colors[index]} />
          ))}
        </linearGradient>
        {defs}
      </defs>
      <rect width="320" height="360" fill={`url(#${background})`} />
      {children}
    </svg>
  );
}

function DeadliftArtwork() {
  const plates = [0, 1, 2, 3];
  return (
    <Artwork
      name="deadlift"
      colors={['#ff8a4c', '#e0400f', '#5c1403']}
      middle={0.55}
      x2={0.6}
      defs={
        <radialGradient id="art-deadlift-light" cx="0.5" cy="0.1" r="0.7">
          <stop offset="0" stopColor="#fff" stopOpacity="0.45" />
          <stop offset="1" stopColor="#fff" stopOpacity="0" />
        </radialGradient>
      }
    >
      <rect width="320" height="360" fill="url(#art-deadlift-light)" />
      <path d="M0 300 L320 282 L320 360 L0 360 Z" fill="#2a0a02" opacity="0.55" />
      <text
        x="160"
        y="182"
        textAnchor="middle"
        fontSize="104"
        fontWeight="900"
        fill="#fff"
        opacity="0.12"
        letterSpacing="-6"
      >
        405
      </text>
      <rect x="24" y="236" width="272" height="7" rx="3.5" fill="#e5e7eb" />
      {plates.map((i) => (
        <g key={i}>
          <rect x={42 + i * 15} y={189} width="12" height="101" rx="3" fill="#111827" />
          <rect x={266 - i * 15} y={189} width="12" height="101" rx="3" fill="#111827" />
          <rect x={44 + i * 15} y={192} width="3" height="95" rx="1.5" fill="#fff" opacity="0.18" />
          <rect
            x={268 - i * 15}
            y={192}
            width="3"
            height="95"
            rx="1.5"
            fill="#fff"
            opacity="0.18"
          />
        </g>
      ))}
      <rect x="30" y="228" width="10" height="23" rx="2" fill="#9ca3af" />
      <rect x="280" y="228" width="10" height="23" rx="2" fill="#9ca3af" />
    </Artwork>
  );
}

function RunArtwork() {
  return (
    <Artwork
      name="run"
      colors={['#38bdf8', '#2563eb', '#1e1b4b']}
      defs={
        <pattern id="art-run-grid" width="32" height="32" patternUnits="userSpaceOnUse">
          <path d="M32 0H0V32" fill="none" stroke="#fff" strokeOpacity="0.09" />
        </pattern>
      }
    >
      <rect width="320" height="360" fill="url(#art-run-grid)" />
      <path
        d="M20 290 C90 250 60 170 130 160 S200 230 240 170 S260 70 300 60"
        fill="none"
        stroke="#fff"
        strokeOpacity="0.25"
        strokeWidth="16"
        strokeLinecap="round"
      />
      <path
        d="M20 290 C90 250 60 170 130 160 S200 230 240 170 S260 70 300 60"
        fill="none"
        stroke="#fde047"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <circle cx="20" cy="290" r="9" fill="#fff" />
      <circle cx="20" cy="290" r="4" fill="#22c55e" />
      <circle cx="300" cy="60" r="11" fill="#fff" />
      <path
        d="M296 52 v16 M296 53 h10 l-3 4 l3 4 h-10"
        stroke="#0f172a"
        strokeWidth="2"
        fill="none"
      />
      {[
        [78, 236, '1'],
        [132, 160, '2'],
        [196, 208, '3'],
        [248, 150, '4'],
      ].map(([x, y, km]) => (
        <g key={km}>
          <circle cx={x} cy={y} r="10" fill="#1e3a8a" stroke="#fff" strokeWidth="2" />
          <text
            x={x}
            y={Number(y) + 4}
            textAnchor="middle"
            fontSize="11"
            fontWeight="700"
            fill="#fff"
          >
            {km}
          </text>
        </g>
      ))}
    </Artwork>
  );
}

function PullUpArtwork() {
  const reps = Array.from({ length: 25 }, (_, i) => i);
  return (
    <Artwork name="pull" colors={['#c084fc', '#7c3aed', '#3b0764']}>
      <circle
        cx="160"
        cy="210"
        r="112"
        fill="none"
        stroke="#fff"
        strokeOpacity="0.1"
        strokeWidth="24"
      />
      {reps.map((i) => {
        const angle = (i / reps.length) * Math.PI * 2 - Math.PI / 2;
        return (
          <circle
            key={i}
            cx={160 + Math.cos(angle) * 112}
            cy={210 + Math.sin(angle) * 112}
            r="4.5"
            fill="#fde68a"
          />
        );
      })}
      {/* The bar, with the athlete's chin just over it. */}
      <rect x="60" y="150" width="200" height="9" rx="4.5" fill="#f5f5f4" />
      <g stroke="#fff" strokeWidth="10" strokeLinecap="round" strokeLinejoin="round" fill="none">
        <path d="M116 154 L110 186 L142 196" />
        <path d="M204 154 L210 186 L178 196" />
        <path d="M160 190 L160 262" />
        <path d="M160 262 L146 300 L156 326 M160 262 L176 298 L168 326" />
      </g>
      <circle cx="160" cy="134" r="19" fill="#fff" />
      <path d="M142 186 Q160 176 178 186 L176 204 Q160 210 144 204 Z" fill="#fff" />
    </Artwork>
  );
}
