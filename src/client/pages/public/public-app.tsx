import { Route, Switch } from 'wouter';
import { PublicLayout } from '../../components/layout/public-layout.tsx';
import { AboutPage } from './about-page.tsx';
import { ContactPage } from './contact-page.tsx';
import { ContentDetailPage } from './content-detail-page.tsx';
import { ContentListPage } from './content-list-page.tsx';
import { CountryPage } from './country-page.tsx';
import { GalleryPage } from './gallery-page.tsx';
import { HomePage } from './home-page.tsx';
import { LegalDetailPage } from './legal-detail-page.tsx';
import { LegalListPage } from './legal-list-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { StoryDetailPage } from './story-detail-page.tsx';
import { StoryPage } from './story-page.tsx';

/**
 * SPEC §2 public routes (matching is case-insensitive: /latestNews and /latestnews are one page).
 * Pages shared by several routes get a key: without it React would keep, say, the articles page's
 * state (and its last list, shown while the next loads) when the reader moves on to reports.
 */
export function PublicApp() {
  return (
    <PublicLayout>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/home" component={HomePage} />
        <Route path="/about" component={AboutPage} />
        <Route path="/contact" component={ContactPage} />
        <Route path="/latestnews">{() => <ContentListPage key="news" kind="news" />}</Route>
        <Route path="/articles">{() => <ContentListPage key="article" kind="article" />}</Route>
        <Route path="/reports">{() => <ContentListPage key="report" kind="report" />}</Route>
        <Route path="/news/:id">{(params) => <ContentDetailPage key={`news-${params.id}`} kind="news" id={params.id} />}</Route>
        <Route path="/articles/:id">{(params) => <ContentDetailPage key={`article-${params.id}`} kind="article" id={params.id} />}</Route>
        <Route path="/reports/:id">{(params) => <ContentDetailPage key={`report-${params.id}`} kind="report" id={params.id} />}</Route>
        <Route path="/gallery" component={GalleryPage} />
        <Route path="/yourStory" component={StoryPage} />
        <Route path="/stories/:id">{(params) => <StoryDetailPage id={params.id} />}</Route>
        <Route path="/legal-awareness" component={LegalListPage} />
        <Route path="/legal/:id">{(params) => <LegalDetailPage id={params.id} />}</Route>
        <Route path="/iran">{() => <CountryPage key="iran" country="iran" />}</Route>
        <Route path="/afghanistan">{() => <CountryPage key="afghanistan" country="afghanistan" />}</Route>
        <Route component={NotFoundPage} />
      </Switch>
    </PublicLayout>
  );
}
