import { Redirect, Route, Switch } from 'wouter';
import { allContentKinds } from '../../../shared/content-kinds.ts';
import { AccountPage } from './account-page.tsx';
import { AuditPage } from './audit-page.tsx';
import { ContentAddPage } from './content/content-add-page.tsx';
import { ContentEditPage } from './content/content-edit-page.tsx';
import { ContentListPage } from './content/content-list-page.tsx';
import { ContactsPage } from './contacts/contacts-page.tsx';
import { DashboardPage } from './dashboard-page.tsx';
import { GalleryAddPage } from './gallery/gallery-add-page.tsx';
import { GalleryEditPage } from './gallery/gallery-edit-page.tsx';
import { GalleryListPage } from './gallery/gallery-list-page.tsx';
import { LegalAddPage } from './legal/legal-add-page.tsx';
import { LegalEditPage } from './legal/legal-edit-page.tsx';
import { LegalListPage } from './legal/legal-list-page.tsx';
import { LibraryPage } from './library-page.tsx';
import { NewsletterPage } from './newsletter-page.tsx';
import { NewsletterAddPage } from './newsletters/newsletter-add-page.tsx';
import { NewsletterEditPage } from './newsletters/newsletter-edit-page.tsx';
import { NewslettersListPage } from './newsletters/newsletters-list-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { SearchPage } from './search-page.tsx';
import { StoriesPage } from './stories/stories-page.tsx';
import { UserAddPage } from './users/user-add-page.tsx';
import { UserEditPage } from './users/user-edit-page.tsx';
import { UsersListPage } from './users/users-list-page.tsx';

const bareSection = new RegExp(`^/(${[...allContentKinds.map((info) => info.section), 'gallery', 'legal', 'users', 'stories'].join('|')})/?$`);

/** Inside the /admin nest: paths here are relative to /admin (the original panel's routes, plus edit pages for gallery and legal items and users). */
export function AdminRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/home" replace />
      </Route>
      <Route path="/home" component={DashboardPage} />
      <Route path="/account" component={AccountPage} />

      {allContentKinds.flatMap(({ id: kind, adminAddPath, adminListPath, adminEditPath }) => [
        <Route key={adminAddPath} path={adminAddPath}>
          {() => <ContentAddPage kind={kind} />}
        </Route>,
        <Route key={adminListPath} path={adminListPath}>
          {() => <ContentListPage kind={kind} />}
        </Route>,
        <Route key={adminEditPath} path={`${adminEditPath}/:id`}>
          {(params) => <ContentEditPage key={`${kind}-${params.id}`} kind={kind} id={params.id} />}
        </Route>,
      ])}

      <Route path="/gallery/add" component={GalleryAddPage} />
      <Route path="/gallery/all" component={GalleryListPage} />
      <Route path="/edit/gallery/:id">{(params) => <GalleryEditPage key={params.id} id={params.id} />}</Route>

      <Route path="/legal/add" component={LegalAddPage} />
      <Route path="/legal/all" component={LegalListPage} />
      <Route path="/edit/legal/:id">{(params) => <LegalEditPage key={params.id} id={params.id} />}</Route>

      <Route path="/library" component={LibraryPage} />

      <Route path="/users/add" component={UserAddPage} />
      <Route path="/users/all" component={UsersListPage} />
      <Route path="/edit/user/:id">{(params) => <UserEditPage key={params.id} id={params.id} />}</Route>

      <Route path="/contacts" component={ContactsPage} />
      <Route path="/stories/all" component={StoriesPage} />
      <Route path="/newsletter" component={NewsletterPage} />
      <Route path="/newsletters" component={NewslettersListPage} />
      <Route path="/newsletters/new" component={NewsletterAddPage} />
      <Route path="/newsletters/:id">{(params) => <NewsletterEditPage key={params.id} id={params.id} />}</Route>
      <Route path="/audit" component={AuditPage} />
      <Route path="/search" component={SearchPage} />

      {/* The bare section addresses lead to their lists. */}
      <Route path={bareSection}>{(params) => <Redirect to={`/${params[0]}/all`} replace />}</Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}
