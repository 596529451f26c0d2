export const SERVICE_HEALTH = ['healthy', 'unhealthy', 'not_configured'] as const;
export type ServiceHealth = (typeof SERVICE_HEALTH)[number];

export type HealthReport = {
  status: ServiceHealth;
  services: { database: ServiceHealth; email: ServiceHealth; jobs: ServiceHealth };
};
