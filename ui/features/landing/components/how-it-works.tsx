import type { ReactNode } from 'react';
import { FilmIcon, UploadIcon, WandIcon } from '../../../components/icons';

const STEPS: readonly { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <UploadIcon />,
    title: 'Upload Photos',
    text: 'Add a photo of your pet and a costume character, or pick both from our presets.',
  },
  {
    icon: <WandIcon />,
    title: 'Mystical Transformation',
    text: 'Our cauldron blends them into a one-of-a-kind Halloween costume portrait.',
  },
  {
    icon: <FilmIcon />,
    title: 'Get Images & Videos',
    text: 'Receive a costume picture and a short animated video, saved to your gallery.',
  },
];

export function HowItWorks(props: { id: string }) {
  return (
    <section id={props.id} className="pw-landing__section" aria-labelledby="pw-how-title">
      <h2 id="pw-how-title" className="pw-section-title pw-display">
        How the Magic Works
      </h2>
      <ol className="pw-steps">
        {STEPS.map((step, index) => (
          <li key={step.title} className="pw-card pw-step">
            <span className="pw-step__number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="pw-step__icon">{step.icon}</span>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
