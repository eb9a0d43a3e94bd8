import { aiConsulting, implementation, ongoingSupport, strategyDevelopment, trainingEducation } from '@/content/services';
import { ServicePage } from '@/pages/services/service-page';

export const AiConsultingPage = () => <ServicePage content={aiConsulting} />;
export const StrategyDevelopmentPage = () => <ServicePage content={strategyDevelopment} />;
export const ImplementationPage = () => <ServicePage content={implementation} />;
export const OngoingSupportPage = () => <ServicePage content={ongoingSupport} />;
export const TrainingEducationPage = () => <ServicePage content={trainingEducation} />;
