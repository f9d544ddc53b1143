import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TVisaoGeral } from '@balcao/shared/dashboard';
import { formatCount, formatQuantidade } from '../format';

// This module is the only one that imports recharts: it is loaded lazily by the dashboard page, never by the shell.
// Bars are drawn at once (no grow animation): figures change with every filter and should read immediately.

const CANAL = { widget: { label: 'Chat do site', color: 'var(--primary)' }, whatsapp: { label: 'WhatsApp', color: '#16a34a' } } as const;
const AXIS = { fontSize: 11, fill: 'var(--muted-foreground)' };
const tooltipProps = {
  cursor: { fill: 'var(--muted)', opacity: 0.6 },
  contentStyle: {
    background: 'var(--popover)',
    color: 'var(--popover-foreground)',
    border: '1px solid var(--border)',
    borderRadius: 8,
    fontSize: 12,
  },
  labelStyle: { color: 'var(--popover-foreground)', fontWeight: 600 },
  // Figures read in pt-BR ('1.234'), like every number on screen.
  formatter: (v: unknown) => formatCount(Number(v)),
} as const;

const diaCurto = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

function ChartCard({ title, summary, className, children }: { title: string; summary: string; className?: string; children: ReactNode }) {
  return (
    <figure className={`flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 ${className ?? ''}`}>
      <figcaption className="text-sm font-medium">
        {title}
        <span className="sr-only">: {summary}</span>
      </figcaption>
      <div className="h-56 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          {children as React.ReactElement}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** Atendimentos per day by channel, per hour of day and per department. */
export default function VisaoGeralCharts({ data }: { data: TVisaoGeral }) {
  const porDia = data.porDia.map((d) => ({ ...d, label: diaCurto(d.dia) }));
  const porHora = data.porHora.map((h) => ({ ...h, label: `${String(h.hora).padStart(2, '0')}h` }));
  const pico = data.porHora.reduce((a, b) => (b.total > a.total ? b : a), data.porHora[0] ?? { hora: 0, total: 0 });
  const totalDias = data.porDia.reduce((s, d) => s + d.total, 0);

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard
        title="Atendimentos por dia e canal"
        summary={`${formatQuantidade(totalDias, 'atendimento', 'atendimentos')} em ${formatQuantidade(data.porDia.length, 'dia', 'dias')}`}
        className="lg:col-span-2"
      >
        <BarChart data={porDia} margin={{ top: 4, right: 8, left: -16, bottom: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={false} minTickGap={12} />
          <YAxis allowDecimals={false} tickFormatter={formatCount} tick={AXIS} tickLine={false} axisLine={false} width={40} />
          <Tooltip {...tooltipProps} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {(Object.keys(CANAL) as (keyof typeof CANAL)[]).map((c) => (
            <Bar
              isAnimationActive={false}
              key={c}
              dataKey={c}
              name={CANAL[c].label}
              stackId="canal"
              fill={CANAL[c].color}
              maxBarSize={32}
            />
          ))}
        </BarChart>
      </ChartCard>
      <ChartCard title="Por hora do dia" summary={`pico às ${pico.hora} horas, com ${formatCount(pico.total)}`}>
        <BarChart data={porHora} margin={{ top: 4, right: 8, left: -16, bottom: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={false} interval={2} />
          <YAxis allowDecimals={false} tickFormatter={formatCount} tick={AXIS} tickLine={false} axisLine={false} width={40} />
          <Tooltip {...tooltipProps} />
          <Bar isAnimationActive={false} dataKey="total" name="Atendimentos" fill="var(--primary)" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ChartCard>
      <ChartCard
        title="Por departamento"
        summary={data.porDepartamento
          .map((d) => `${d.nome}: ${formatCount(d.abertos)} abertos, ${formatCount(d.finalizados)} finalizados`)
          .join('; ')}
      >
        <BarChart
          data={data.porDepartamento}
          layout="vertical"
          margin={{ top: 4, right: 8, left: 8, bottom: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid horizontal={false} stroke="var(--border)" />
          <XAxis type="number" allowDecimals={false} tickFormatter={formatCount} tick={AXIS} tickLine={false} axisLine={false} />
          <YAxis type="category" dataKey="nome" tick={AXIS} tickLine={false} axisLine={false} width={96} />
          <Tooltip {...tooltipProps} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar isAnimationActive={false} dataKey="abertos" name="Abertos" fill="var(--primary)" radius={[0, 3, 3, 0]} maxBarSize={18} />
          <Bar isAnimationActive={false} dataKey="finalizados" name="Finalizados" fill="#16a34a" radius={[0, 3, 3, 0]} maxBarSize={18} />
        </BarChart>
      </ChartCard>
    </div>
  );
}
