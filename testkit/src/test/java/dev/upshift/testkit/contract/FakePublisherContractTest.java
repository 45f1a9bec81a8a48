package dev.upshift.testkit.contract;

import dev.upshift.spi.ChangePublisher;
import dev.upshift.testkit.fake.FakePublisher;
import dev.upshift.testkit.fleet.TestFleet;
import java.util.List;

/**
 * The testkit's publisher holds to the publisher contract, every capability included. Core's file
 * publisher (being written on another branch) is to extend the same contract.
 */
class FakePublisherContractTest extends ChangePublisherContract {
    private FakePublisher publisher;

    @Override
    protected Capabilities<Capability> capabilities() {
        return Capabilities.all(Capability.class);
    }

    @Override
    protected ChangePublisher newPublisher() {
        publisher = new FakePublisher();
        return publisher;
    }

    @Override
    protected Change change() {
        TestFleet fleet = ContractFleets.fleet();
        return new Change(ContractFleets.upgrade(ContractFleets.cluster(fleet), 1), ContractFleets.merge(fleet));
    }

    @Override
    protected Object target() {
        return List.of(publisher.references(), publisher.releases());
    }

    @Override
    protected ChangePublisher restart(ChangePublisher p) {
        publisher = ((FakePublisher) p).restarted();
        return publisher;
    }

    @Override
    protected void arrangeRejection(ChangePublisher p) {
        ((FakePublisher) p).rejectNext("the branch is protected");
    }

    @Override
    protected void arrangeUnreachable(ChangePublisher p) {
        ((FakePublisher) p).faults().saying("connection refused").throwAlways();
    }
}
