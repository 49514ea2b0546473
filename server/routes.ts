import type { FastifyInstance } from 'fastify';
import healthRoutes from './features/health/routes.js';
import authRoutes from './features/auth/routes.js';
import clientRoutes from './features/clients/routes.js';
import organizationRoutes from './features/organizations/routes.js';
import inviteRoutes from './features/invites/routes.js';
import uploadRoutes from './features/uploads/routes.js';
import signupRoutes from './features/signup/routes.js';
import projectRoutes from './features/projects/routes.js';
import tagRoutes from './features/tags/routes.js';
import userRoutes from './features/users/routes.js';
import alertRoutes from './features/alerts/routes.js';
import articlesFeedRoutes from './features/articles-feed/routes.js';
import websiteRoutes from './features/websites/routes.js';
import websiteIconRoutes from './features/websites/icon-routes.js';
import referenceRoutes from './features/reference/routes.js';
import articleRoutes from './features/articles/routes.js';
import extractionRoutes from './features/extraction/routes.js';
import aiRoutes from './features/ai/routes.js';
import crawlerRoutes from './features/crawler/routes.js';
import reportRoutes from './features/reports/routes.js';
import publicReportRoutes from './features/reports/public-routes.js';
import { reportArticlesScope } from './features/reports/service.js';
import screenshotRoutes from './features/screenshots/routes.js';
import mailRoutes from './features/mail/routes.js';
import exportRoutes from './features/exports/routes.js';
import supersearchRoutes from './features/supersearch/routes.js';
import videosRoutes from './features/videos/routes.js';
import streamsRoutes from './features/streams/routes.js';
import billingRoutes from './features/billing/routes.js';
import operatorRoutes from './features/operator/routes.js';

/** Every feature's routes, mounted under /api. */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(clientRoutes);
  await app.register(organizationRoutes);
  await app.register(inviteRoutes);
  await app.register(uploadRoutes);
  await app.register(signupRoutes);
  await app.register(projectRoutes);
  await app.register(tagRoutes);
  await app.register(userRoutes);
  await app.register(alertRoutes);
  await app.register(articlesFeedRoutes);
  await app.register(websiteRoutes);
  // Public (no token), so apart from the websites routes' operator gate.
  await app.register(websiteIconRoutes);
  await app.register(referenceRoutes);
  // `filter[report_id]` on the saved-coverage lists is answered by reports (articles never import reports).
  await app.register(articleRoutes, { reportScope: reportArticlesScope });
  await app.register(extractionRoutes);
  await app.register(aiRoutes);
  await app.register(crawlerRoutes);
  await app.register(reportRoutes);
  await app.register(publicReportRoutes);
  await app.register(screenshotRoutes);
  await app.register(mailRoutes);
  await app.register(exportRoutes);
  await app.register(supersearchRoutes);
  await app.register(videosRoutes);
  await app.register(streamsRoutes);
  await app.register(billingRoutes);
  await app.register(operatorRoutes);
}
