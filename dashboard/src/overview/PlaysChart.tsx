import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { useI18n } from '../i18n.tsx';

type Props = { columns: [number[], number[], number[]]; label: string };

const HEIGHT = 220;

/** Plays and downloads a day (uPlot, in this chunk only: the overview loads it after its figures). */
export default function PlaysChart({ columns, label }: Props) {
  const { t } = useI18n();
  const element = useRef<HTMLElement>(null);

  useEffect(() => {
    const parent = element.current;
    if (!parent) return;
    const chart = new uPlot(
      {
        width: parent.clientWidth || 600,
        height: HEIGHT,
        series: [
          {},
          { label: t('dashboardAccount.overview.plays'), stroke: '#6752a2', width: 2 },
          { label: t('dashboardAccount.overview.downloads'), stroke: '#2f855a', width: 2 },
        ],
        axes: [{}, { size: 50 }],
        scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      },
      columns,
      parent,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: parent.clientWidth, height: HEIGHT }));
    resize.observe(parent);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [columns, t]);

  return <figure className="chart" aria-label={label} ref={element} />;
}
