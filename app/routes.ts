import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes'

export default [
  index('routes/index.tsx'),

  ...prefix('auth', [
    layout('routes/auth/layout.tsx', [
      route('login', 'routes/auth/login.tsx', { id: 'auth-login' }),
      route('login-unprotected', 'routes/auth/login.tsx', { id: 'auth-login-unprotected' }),
      route('register', 'routes/auth/register.tsx', { id: 'auth-register' }),
      route('register-unprotected', 'routes/auth/register.tsx', { id: 'auth-register-unprotected' }),
      route('verify', 'routes/auth/verify.tsx'),
      route('reset-password', 'routes/auth/reset-password.tsx'),
      route('new-password', 'routes/auth/new-password.tsx'),
    ]),
    route('logout', 'routes/auth/logout.tsx'),
  ]),

  route('resources/language', 'routes/resources/language.tsx'),
  route('resources/settings', 'routes/resources/settings.tsx'),

  route('403', 'routes/status-page.tsx', { id: 'status-403' }),
  route('404', 'routes/status-page.tsx', { id: 'status-404' }),
  route('500', 'routes/status-page.tsx', { id: 'status-500' }),

  route('dashboard', 'routes/dashboard/layout.tsx', [
    index('routes/dashboard/index.tsx'),
    route('app', 'routes/dashboard/app.tsx'),
    route('permission-denied', 'routes/dashboard/permission-denied.tsx'),
    ...prefix('trucks', [
      index('routes/dashboard/trucks/index.tsx'),
      route('list', 'routes/dashboard/trucks/list.tsx'),
      route('export', 'routes/dashboard/trucks/export.ts'),
      route('new', 'routes/dashboard/trucks/editor.tsx', { id: 'trucks-new' }),
      route(':id', 'routes/dashboard/trucks/view.tsx'),
      route(':id/edit', 'routes/dashboard/trucks/editor.tsx', { id: 'trucks-edit' }),
      route(':id/delete', 'routes/dashboard/trucks/delete.tsx'),
    ]),
    ...prefix('trailers', [
      index('routes/dashboard/trailers/index.tsx'),
      route('list', 'routes/dashboard/trailers/list.tsx'),
      route('export', 'routes/dashboard/trailers/export.ts'),
      route('new', 'routes/dashboard/trailers/editor.tsx', { id: 'trailers-new' }),
      route(':id', 'routes/dashboard/trailers/view.tsx'),
      route(':id/edit', 'routes/dashboard/trailers/editor.tsx', { id: 'trailers-edit' }),
      route(':id/delete', 'routes/dashboard/trailers/delete.tsx'),
    ]),
    route('audit', 'routes/dashboard/audit.tsx'),
    ...prefix('companies', [
      index('routes/dashboard/companies/index.tsx'),
      route('list', 'routes/dashboard/companies/list.tsx'),
      route('export', 'routes/dashboard/companies/export.ts'),
      route('new', 'routes/dashboard/companies/editor.tsx', { id: 'companies-new' }),
      route(':id', 'routes/dashboard/companies/view.tsx'),
      route(':id/edit', 'routes/dashboard/companies/editor.tsx', { id: 'companies-edit' }),
      route(':id/delete', 'routes/dashboard/companies/delete.tsx'),
    ]),
    ...prefix('customfields', [
      index('routes/dashboard/customfields/index.tsx'),
      route('list', 'routes/dashboard/customfields/list.tsx'),
      route('new', 'routes/dashboard/customfields/editor.tsx', { id: 'customfields-new' }),
      route(':id/edit', 'routes/dashboard/customfields/editor.tsx', { id: 'customfields-edit' }),
      route(':id/delete', 'routes/dashboard/customfields/delete.tsx'),
    ]),
    ...prefix('brokers', [
      index('routes/dashboard/brokers/index.tsx'),
      route('list', 'routes/dashboard/brokers/list.tsx'),
      route('export', 'routes/dashboard/brokers/export.ts'),
      route('new', 'routes/dashboard/brokers/editor.tsx', { id: 'brokers-new' }),
      route(':id', 'routes/dashboard/brokers/view.tsx'),
      route(':id/edit', 'routes/dashboard/brokers/editor.tsx', { id: 'brokers-edit' }),
      route(':id/delete', 'routes/dashboard/brokers/delete.tsx'),
    ]),
    route('*', 'routes/dashboard/not-found.tsx', { id: 'dashboard-not-found' }),
  ]),

  ...prefix('api', [
    route('account/register', 'routes/api/account/register.ts'),
    route('account/login', 'routes/api/account/login.ts'),
    route('account/logout', 'routes/api/account/logout.ts'),
    route('account/my-account', 'routes/api/account/my-account.ts'),
    route('trucks', 'routes/api/trucks/collection.ts'),
    route('trucks/:id', 'routes/api/trucks/item.ts'),
    route('trailers', 'routes/api/trailers/collection.ts'),
    route('trailers/:id', 'routes/api/trailers/item.ts'),
    // The specification's singular path, and the plural every other resource uses: one module each.
    route('company', 'routes/api/companies/collection.ts', { id: 'api-company' }),
    route('company/:id', 'routes/api/companies/item.ts', { id: 'api-company-item' }),
    route('companies', 'routes/api/companies/collection.ts', { id: 'api-companies' }),
    route('companies/:id', 'routes/api/companies/item.ts', { id: 'api-companies-item' }),
    route('customfield', 'routes/api/customfield/collection.ts'),
    route('customfield/:id', 'routes/api/customfield/item.ts'),
    route('brokers', 'routes/api/brokers/collection.ts'),
    route('brokers/:id', 'routes/api/brokers/item.ts'),
    route('*', 'routes/api/not-found.ts'),
  ]),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
